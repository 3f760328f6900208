"""Two-stage pipeline: stage 2 reads stage 1's output, submitted right behind it."""

import numpy as np
from trainkit import TILE, add, copy

import tilert as tr

N = 1024
rng = np.random.default_rng(13)
batches = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(3)]
bias = tr.full((N,), 1.0)
hidden = [tr.empty((N,), name=f"hidden{i}") for i in range(3)]
outs = [tr.empty((N,), name=f"out{i}") for i in range(3)]

pendings = []
for i, b in enumerate(batches):
    stage1 = copy(hidden[i].partition((TILE,)), b).submit()
    stage2 = add(outs[i].partition((TILE,)), hidden[i], bias).submit()
    pendings += [stage1, stage2]
for p in pendings:
    p.wait()
print([float(o.to_numpy()[0]) for o in outs])
