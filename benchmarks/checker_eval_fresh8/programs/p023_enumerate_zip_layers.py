"""Each layer writes its slice of a stacked KV cache: `enumerate(zip(layers, caches))`, all
layers' writes in flight at once (disjoint views), waited together before the cache is read."""

import numpy as np
from llmweave.kernels import scale

import tilert as tr

L = 4
kv = tr.zeros((L, 64), name="kv")
caches = [kv[i] for i in range(L)]
layers = [tr.full((64,), float(i + 1)) for i in range(L)]

flights = []
for i, (w, cache) in enumerate(zip(layers, caches, strict=True)):
    flights.append(scale(cache.partition((16,)), w, 0.5 * (i + 1)).submit())
for f in flights:
    f.wait()
del caches
got = kv.to_numpy()[:, 0]
assert np.allclose(got, [0.5 * (i + 1) ** 2 for i in range(L)])
print(got)
