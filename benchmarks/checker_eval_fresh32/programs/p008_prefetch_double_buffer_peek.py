"""Double buffering over a stream of weight shards; the loop logs the norm of the shard being
prefetched, which is still being copied into its staging buffer."""

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
        print("prefetching shard", i + 1, float(np.linalg.norm(nxt.to_numpy())))  # expect: TC102
    axpy(acc.partition((64,)), cur, 0.5).sync()
    cur, nxt = nxt, cur
    if nxt_pend is not None:
        pend = nxt_pend

print("acc norm", float(np.linalg.norm(acc.to_numpy())))
