"""A KV cache laid out [layers, 2, seq, dim]: the layer is dumped after only V's write is waited."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

layers, seq, dim = 2, 4, 32
cache = tr.zeros((layers, 2, seq, dim), name="kv_cache")
k_new = upload(np.full((seq, dim), 1.0))
v_new = upload(np.full((seq, dim), 2.0))
dumps = []
for layer in range(layers):
    pk = K.copy(tiles(cache[layer, 0]), k_new).submit()
    pv = K.copy(tiles(cache[layer, 1]), v_new).submit()
    pv.wait()
    dumps.append(cache[layer].to_numpy().copy())  # expect: TC102
    pk.wait()
print(len(dumps))
