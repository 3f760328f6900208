"""Write each layer's slice of a stacked KV buffer concurrently: views of disjoint memory."""

import numpy as np
from llmreef import copy

import tilert as tr

LAYERS, D = 4, 256
kv = tr.zeros((LAYERS, D), name="kv")
src = [tr.full((D,), float(i)) for i in range(LAYERS)]

pendings = [copy(kv[i].partition((64,)), src[i]).submit() for i in range(LAYERS)]
for p in pendings:
    p.wait()
assert np.allclose(kv.to_numpy()[:, 0], np.arange(LAYERS))
print(kv.to_numpy().sum())
