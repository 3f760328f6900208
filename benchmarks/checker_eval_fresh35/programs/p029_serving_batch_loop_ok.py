"""A minimal batched 'server' loop: collect requests, launch one op each, respond."""

import collections

import numpy as np
from tilekit import scale

import tilert as tr

Request = collections.namedtuple("Request", "rid data")
HIDDEN = 512


def serve(requests, max_batch=4):
    responses = {}
    queue = collections.deque(requests)
    outputs = [tr.empty((HIDDEN,), name=f"slot{i}") for i in range(max_batch)]
    while queue:
        batch = [queue.popleft() for _ in range(min(max_batch, len(queue)))]
        inflight = []
        for slot, req in enumerate(batch):
            x = tr.from_numpy(req.data)
            inflight.append(scale(outputs[slot].partition((128,)), x, 0.5).submit())
        for slot, req in enumerate(batch):
            inflight[slot].wait()
            responses[req.rid] = outputs[slot].to_numpy().copy()
    return responses


reqs = [Request(i, np.full(HIDDEN, i, dtype=np.float32)) for i in range(10)]
out = serve(reqs)
assert all(float(v[0]) == k / 2 for k, v in out.items())
print({k: float(v[0]) for k, v in out.items()})
