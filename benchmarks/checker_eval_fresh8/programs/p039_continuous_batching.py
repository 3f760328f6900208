"""A continuous-batching scheduler: requests join and leave a running batch; each active slot
is a row of one state tensor, every step's writes are in flight together and waited before
finished requests hand their slot back."""

from collections import deque
from dataclasses import dataclass

import numpy as np
from llmweave.kernels import axpy

import tilert as tr

SLOTS = 3


@dataclass
class Request:
    rid: int
    remaining: int
    slot: int = -1


class Scheduler:
    def __init__(self) -> None:
        self.state = tr.zeros((SLOTS, 64), name="state")
        self.free = deque(range(SLOTS))
        self.running: dict[int, Request] = {}
        self.delta = tr.ones((64,))
        self.finished: dict[int, float] = {}

    def admit(self, req: Request) -> bool:
        if not self.free:
            return False
        req.slot = self.free.popleft()
        self.state[req.slot].copy_from(np.zeros(64, np.float32))
        self.running[req.rid] = req
        return True

    def step(self) -> None:
        flights = [
            axpy(self.state[r.slot].partition((16,)), self.delta, 1.0).submit()
            for r in self.running.values()
        ]
        for f in flights:
            f.wait()
        for rid, req in list(self.running.items()):
            req.remaining -= 1
            if req.remaining == 0:
                self.finished[rid] = float(self.state[req.slot].to_numpy()[0])
                self.free.append(req.slot)
                del self.running[rid]


sched = Scheduler()
waiting = deque(Request(i, 2 + i % 3) for i in range(6))
while waiting or sched.running:
    while waiting and sched.admit(waiting[0]):
        waiting.popleft()
    sched.step()
assert sched.finished == {i: float(2 + i % 3) for i in range(6)}
print(sched.finished)
