"""A KV cache as one [layers, 2, seq] tensor: each layer's key and value rows are views, written
by ops in flight at once (their memory is disjoint), all waited before the cache is read."""

import numpy as np
from llmcraft import scale

import tilert as tr

LAYERS, SEQ = 3, 128

kv = tr.zeros((LAYERS, 2, SEQ), name="kv_cache")
k_new = tr.from_numpy(np.arange(SEQ, dtype=np.float32), name="k_new")

pendings = []
for layer in range(LAYERS):
    pendings.append(scale(kv[layer, 0].partition((64,)), k_new, float(layer + 1)).submit())
    pendings.append(scale(kv[layer, 1].partition((64,)), k_new, -float(layer + 1)).submit())
for p in pendings:
    p.wait()
cache = kv.to_numpy()
assert cache[2, 1, 5] == -15.0
print(cache[:, :, 1])
