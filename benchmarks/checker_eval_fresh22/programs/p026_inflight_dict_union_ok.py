"""Layer-by-layer prefill keeping every layer's Pending with `inflight |= {...}`."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

hidden = upload(np.ones(128))
kv = [tr.zeros((128,), name=f"kv{layer}") for layer in range(3)]
inflight: dict[str, tr.Pending] = {}
for layer, cache in enumerate(kv):
    inflight |= {f"kv{layer}": K.scale(tiles(cache), hidden, layer + 1.0).submit()}
for pending in inflight.values():
    pending.wait()
assert [float(c.to_numpy()[0]) for c in kv] == [1.0, 2.0, 3.0]
