"""Two-stage software pipeline over micro-batches: stage 2 of batch i overlaps stage 1 of
batch i+1; one Pending is carried to the next iteration and waited there."""

import numpy as np
from llmcove import add, silu

import tilert as tr

N, BATCHES = 1024, 5
rng = np.random.default_rng(11)
xs = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(BATCHES)]
bias = tr.full((N,), 0.5)
hidden = [tr.empty((N,)) for _ in range(BATCHES)]
outs = [tr.empty((N,)) for _ in range(BATCHES)]

prev = None
stage1 = add(hidden[0].partition((256,)), xs[0], bias).submit()
for i in range(BATCHES):
    stage1.wait()
    stage2 = silu(outs[i].partition((256,)), hidden[i]).submit()
    if i + 1 < BATCHES:
        stage1 = add(hidden[i + 1].partition((256,)), xs[i + 1], bias).submit()
    if prev is not None:
        prev.wait()
    prev = stage2
prev.wait()
print([round(float(o.to_numpy().mean()), 4) for o in outs])
