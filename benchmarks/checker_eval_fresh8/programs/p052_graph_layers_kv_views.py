"""A decode graph over `enumerate(zip(layers, caches))`, each layer writing its view of the
stacked KV cache; replayed, closed, and the cache read after."""

import numpy as np
from llmweave.kernels import axpy

import tilert as tr

L = 3
kv = tr.zeros((L, 64))
weights = [tr.full((64,), float(i + 1)) for i in range(L)]
caches = [kv[i] for i in range(L)]
with tr.graph() as g:
    for i, (w, cache) in enumerate(zip(weights, caches, strict=True)):
        g.record(axpy(cache.partition((16,)), w, 1.0 / (i + 1)))
for _ in range(4):
    g.launch().wait()
g.close()
assert np.allclose(kv.to_numpy(), 4.0)
print(kv.to_numpy()[:, 0])
