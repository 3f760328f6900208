"""Continuous batching: a scheduler keeps a free list of prompt slots. A finished request's
slot goes back on the free list while the op reading it is still in flight, and the next
request's prompt is copied into it."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmforge import kernels as k

import tilert as tr

SLOTS, WIDTH = 2, 32


class Scheduler:
    def __init__(self) -> None:
        self.slots = [tr.zeros((WIDTH,), name=f"slot{i}") for i in range(SLOTS)]
        self.outputs = [tr.zeros((WIDTH,)) for _ in range(SLOTS)]
        self.free: deque[int] = deque(range(SLOTS))
        self.running: dict[int, tr.Pending] = {}

    def admit(self, prompt: np.ndarray) -> int:
        slot = self.free.popleft()
        self.slots[slot].copy_from(prompt)  # expect: TC103
        self.running[slot] = k.scale(
            self.outputs[slot].partition((16,)), self.slots[slot], 2.0
        ).submit()
        return slot

    def finish(self, slot: int) -> None:
        self.free.append(slot)  # the Pending stays in self.running: not waited yet

    def drain(self) -> None:
        for p in self.running.values():
            p.wait()
        self.running.clear()


sched = Scheduler()
a = sched.admit(np.ones(WIDTH, np.float32))
sched.finish(a)
b = sched.admit(np.full(WIDTH, 2.0, np.float32))
b2 = sched.admit(np.full(WIDTH, 3.0, np.float32))  # expect-also
sched.drain()
