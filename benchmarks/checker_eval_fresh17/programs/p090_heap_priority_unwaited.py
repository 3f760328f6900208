"""Scheduler: finished prefills pushed on a heap keyed by their first logit, read before the
wait."""

import heapq

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

prompts = [tr.from_numpy(np.full(32, float(i), np.float32)) for i in (3, 1, 2)]
queue: list[tuple[float, int, tr.Tensor, tr.Pending]] = []
for rid, prompt in enumerate(prompts):
    logits = tr.empty((32,), name=f"logits{rid}")
    pending = K.scale(tiles(logits), prompt, -1.0).submit()
    heapq.heappush(queue, (float(logits.to_numpy()[0]), rid, logits, pending))  # expect: TC102
while queue:
    _, rid, logits, pending = heapq.heappop(queue)
    pending.wait()
