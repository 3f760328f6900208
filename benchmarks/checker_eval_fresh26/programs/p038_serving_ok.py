"""A batch of generation requests; each step submits one op per live request. Requests that
hit their token budget are retired."""

import numpy as np
from llmfjord import axpy

import tilert as tr

D = 256


class Request:
    def __init__(self, rid: int, budget: int) -> None:
        self.rid = rid
        self.budget = budget
        self.state = tr.from_numpy(np.full(D, float(rid), np.float32))
        self.steps = 0


def step_all(live: dict[int, Request], delta: tr.Tensor) -> dict[int, tr.Pending]:
    pendings = {}
    for rid, req in live.items():
        pendings[rid] = axpy(req.state.partition((64,)), delta, 0.1).submit()
    return pendings


delta = tr.ones((D,))
live = {r.rid: r for r in (Request(0, 2), Request(1, 3), Request(2, 4))}
finished = []
while live:
    pendings = step_all(live, delta)
    for rid in list(live):
        req = live[rid]
        req.steps += 1
        pendings[rid].wait()
        if req.steps >= req.budget:
            finished.append(float(req.state.to_numpy()[0]))
            del live[rid]
print("finished states:", finished)
