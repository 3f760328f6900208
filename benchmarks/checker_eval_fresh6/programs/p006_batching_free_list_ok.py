"""Continuous batching with a free list of slots: a slot returns to the free list only after
its request's Pending is waited, so a new prompt may be copied into it."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmforge import kernels as k

import tilert as tr

SLOTS, WIDTH = 2, 32


class Scheduler:
    def __init__(self) -> None:
        self.slots = [tr.zeros((WIDTH,)) for _ in range(SLOTS)]
        self.outputs = [tr.zeros((WIDTH,)) for _ in range(SLOTS)]
        self.free: deque[int] = deque(range(SLOTS))
        self.running: dict[int, tr.Pending] = {}
        self.results: dict[int, float] = {}

    def admit(self, rid: int, prompt: np.ndarray) -> int:
        if not self.free:
            self.retire(next(iter(self.running)))
        slot = self.free.popleft()
        self.slots[slot].copy_from(prompt)
        out = self.outputs[slot]
        self.running[slot] = k.scale(out.partition((16,)), self.slots[slot], float(rid)).submit()
        return slot

    def retire(self, slot: int) -> None:
        self.running.pop(slot).wait()
        self.results[slot] = float(self.outputs[slot].to_numpy().sum())
        self.free.append(slot)

    def drain(self) -> None:
        for slot in list(self.running):
            self.retire(slot)


sched = Scheduler()
for rid in range(1, 6):
    sched.admit(rid, np.full(WIDTH, 1.0, np.float32))
sched.drain()
assert sorted(sched.results.values()) == [4.0 * WIDTH, 5.0 * WIDTH], sched.results
print(sched.results)
