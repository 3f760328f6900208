"""A KV cache laid out [layers, 2, seq, dim]: a layer's K and V views are written together."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

layers, seq, dim = 2, 4, 32
cache = tr.zeros((layers, 2, seq, dim), name="kv_cache")
k_new = upload(np.full((seq, dim), 1.0))
v_new = upload(np.full((seq, dim), 2.0))
for layer in range(layers):
    k_view, v_view = cache[layer, 0], cache[layer, 1]
    pk = K.copy(tiles(k_view), k_new).submit()
    pv = K.copy(tiles(v_view), v_new).submit()  # disjoint from k_view
    other = cache[1 - layer].to_numpy().sum()  # the other layer is not written now
    pv.wait()
    pk.wait()
    assert other == (0.0 if layer == 0 else 3.0 * seq * dim)
assert cache.to_numpy().sum() == layers * 3.0 * seq * dim
