"""Three-stage software pipeline (load -> compute -> store), skewed by one stage per step."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import copy, relu, scale

import tilert as tr

N = 256
CHUNKS = 4
src = [tr.from_numpy(np.full(N, i - 1.0, dtype=np.float32)) for i in range(CHUNKS)]
staged = [tr.empty((N,)) for _ in range(CHUNKS)]
activ = [tr.empty((N,)) for _ in range(CHUNKS)]
result = [tr.empty((N,)) for _ in range(CHUNKS)]

loads, computes, stores = [], [], []
for t in range(CHUNKS + 2):
    if t < CHUNKS:
        loads.append(copy(tiles(staged[t]), src[t]).submit())
    if 0 <= t - 1 < CHUNKS:
        computes.append(relu(tiles(activ[t - 1]), staged[t - 1]).submit())
    if 0 <= t - 2 < CHUNKS:
        stores.append(scale(tiles(result[t - 2]), activ[t - 2], 2.0).submit())  # expect: TC108
for p in loads + computes + stores[:-1]:
    p.wait()
print([float(r.to_numpy()[0]) for r in result[:-1]])
