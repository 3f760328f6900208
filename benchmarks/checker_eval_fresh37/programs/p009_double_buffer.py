"""Overlap: upload batch i+1 while batch i is processed (two staging buffers)."""

import numpy as np
from hostkit import copy, scale

import tilert as tr

N, TILE, STEPS = 2048, 256, 6
rng = np.random.default_rng(3)
batches = [rng.standard_normal(N).astype(np.float32) for _ in range(STEPS)]

host_in = tr.from_numpy(batches[0])
stage = [tr.empty((N,)), tr.empty((N,))]
out = [tr.empty((N,)), tr.empty((N,))]
results = []

copy(stage[0].partition((TILE,)), host_in).sync()
for step in range(STEPS):
    cur = step % 2
    nxt = 1 - cur
    work = scale(out[cur].partition((TILE,)), stage[cur], 2.0).submit()
    if step + 1 < STEPS:
        host_in.copy_from(batches[step + 1])
        copy(stage[cur].partition((TILE,)), host_in).sync()  # expect: TC103
    work.wait()
    results.append(float(out[cur].to_numpy().sum()))

print(np.round(results, 3))
