"""Scheduler: prefills waited first, then pushed on a heap keyed by their first logit."""

import heapq

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

prompts = [tr.from_numpy(np.full(32, float(i), np.float32)) for i in (3, 1, 2)]
inflight = []
for rid, prompt in enumerate(prompts):
    logits = tr.empty((32,), name=f"logits{rid}")
    inflight.append((rid, logits, K.scale(tiles(logits), prompt, -1.0).submit()))
queue: list[tuple[float, int]] = []
for rid, logits, pending in inflight:
    pending.wait()
    heapq.heappush(queue, (float(logits.to_numpy()[0]), rid))
order = [heapq.heappop(queue)[1] for _ in range(len(queue))]
assert order == [0, 2, 1]
