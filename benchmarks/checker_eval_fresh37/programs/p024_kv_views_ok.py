"""Write two layers of a KV cache at once: the layer views are disjoint memory."""

import numpy as np
from hostkit import copy

import tilert as tr

LAYERS, SEQ = 2, 1024
kv = tr.zeros((LAYERS, SEQ), name="kv")
new_k = [tr.full((SEQ,), float(i + 1)) for i in range(LAYERS)]

pendings = [copy(kv[i].partition((128,)), new_k[i]).submit() for i in range(LAYERS)]
for p in pendings:
    p.wait()
cache = kv.to_numpy()
assert np.all(cache[0] == 1.0) and np.all(cache[1] == 2.0)
print("kv cache filled", cache.shape)
