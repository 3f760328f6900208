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
        pendings[rid] = axpy(req.state.partition((64,)), delta, 0.1).submit()  # expect: TC108
    return pendings


delta = tr.ones((D,))
live = {r.rid: r for r in (Request(0, 2), Request(1, 3), Request(2, 4))}
while live:
    pendings = step_all(live, delta)  # expect-also: TC108
    for rid in list(live):
        req = live[rid]
        req.steps += 1
        if req.steps >= req.budget:
            del live[rid]  # finished: drop it
            continue
        pendings[rid].wait()
    del pendings
print("all requests retired")
