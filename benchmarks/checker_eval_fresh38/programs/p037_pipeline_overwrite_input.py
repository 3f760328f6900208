"""Two-stage pipeline: stage 2 reads stage 1's output; the next batch is written too soon."""

import numpy as np
from trainkit import TILE, add, copy

import tilert as tr

N = 1024
rng = np.random.default_rng(13)
batches = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(3)]
bias = tr.full((N,), 1.0)
hidden = tr.empty((N,), name="hidden")
outs = [tr.empty((N,), name=f"out{i}") for i in range(3)]

pendings = []
for i, b in enumerate(batches):
    copy(hidden.partition((TILE,)), b).sync()  # expect: TC103
    pendings.append(add(outs[i].partition((TILE,)), hidden, bias).submit())
for p in pendings:
    p.wait()
print(outs[0].to_numpy()[:2])
