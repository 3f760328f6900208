"""Double-buffered input staging: the next batch is copied into the other buffer while the
current one is consumed. Here the copy goes into the buffer the running op still reads."""

import numpy as np
from trainkit import TILE, accumulate, copy

import tilert as tr

N = 1024
rng = np.random.default_rng(2)
host_batches = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(4)]

stage = [tr.empty((N,), name="stage0"), tr.empty((N,), name="stage1")]
acc = tr.zeros((N,), name="acc")

copy(stage[0].partition((TILE,)), host_batches[0]).sync()
for i in range(len(host_batches)):
    cur = stage[i % 2]
    work = accumulate(acc.partition((TILE,)), cur).submit()
    if i + 1 < len(host_batches):
        nxt = stage[i % 2]
        copy(nxt.partition((TILE,)), host_batches[i + 1]).sync()  # expect: TC103
    work.wait()
print(acc.to_numpy()[:4])
