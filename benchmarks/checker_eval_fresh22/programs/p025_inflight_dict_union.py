"""Layer-by-layer prefill keeping the latest Pending per kind with `inflight |= {...}`."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

hidden = upload(np.ones(128))
kv = [tr.zeros((128,), name=f"kv{layer}") for layer in range(3)]
inflight: dict[str, tr.Pending] = {}
for layer, cache in enumerate(kv):
    inflight |= {"kv": K.scale(tiles(cache), hidden, layer + 1.0).submit()}  # expect: TC108
for pending in inflight.values():
    pending.wait()
print(kv[-1].to_numpy()[:2])
