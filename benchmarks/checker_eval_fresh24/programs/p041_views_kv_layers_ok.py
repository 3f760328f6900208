"""Write two layers of a stacked KV cache concurrently through disjoint views."""

import numpy as np
from llmbasin import copy

import tilert as tr

LAYERS, SLOTS = 2, 2048

kv = tr.zeros((LAYERS, SLOTS), name="kv")
new_k = tr.from_numpy(np.arange(SLOTS, dtype=np.float32))
pendings = [copy(kv[layer].partition((512,)), new_k).submit() for layer in range(LAYERS)]
for p in pendings:
    p.wait()
print(kv.to_numpy()[:, -2:])
