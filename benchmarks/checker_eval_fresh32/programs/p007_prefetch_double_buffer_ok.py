"""Double buffering over a stream of weight shards: while shard i is accumulated, shard i+1 is
copied into the other staging buffer. Buffers and Pendings swap each iteration."""

import numpy as np
from llmcraft import axpy, copy

import tilert as tr

N = 256
SHARDS = 6

rng = np.random.default_rng(1)
shards = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(SHARDS)]
stage_a = tr.empty((N,), name="stage_a")
stage_b = tr.empty((N,), name="stage_b")
acc = tr.zeros((N,), name="acc")

cur, nxt = stage_a, stage_b
pend = copy(cur.partition((64,)), shards[0]).submit()
for i in range(SHARDS):
    pend.wait()
    nxt_pend = None
    if i + 1 < SHARDS:
        nxt_pend = copy(nxt.partition((64,)), shards[i + 1]).submit()
    axpy(acc.partition((64,)), cur, 0.5).sync()
    cur, nxt = nxt, cur
    if nxt_pend is not None:
        pend = nxt_pend

expect = 0.5 * sum(s.to_numpy() for s in shards)
print("max err", float(np.max(np.abs(acc.to_numpy() - expect))))
