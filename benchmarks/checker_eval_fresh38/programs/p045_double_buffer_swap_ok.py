"""Double buffering: compute on one buffer while the next batch is staged into the other;
the names swap every iteration."""

import numpy as np
from trainkit import TILE, accumulate, copy

import tilert as tr

N = 2048
rng = np.random.default_rng(16)
batches = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(5)]
front, back = tr.empty((N,), name="front"), tr.empty((N,), name="back")
total = tr.zeros((N,), name="total")

load = copy(front.partition((TILE,)), batches[0]).submit()
for i in range(len(batches)):
    load.wait()
    work = accumulate(total.partition((TILE,)), front).submit()
    if i + 1 < len(batches):
        load = copy(back.partition((TILE,)), batches[i + 1]).submit()
    work.wait()
    front, back = back, front
expect = sum(b.to_numpy() for b in batches)
print(float(np.abs(total.to_numpy() - expect).max()))
