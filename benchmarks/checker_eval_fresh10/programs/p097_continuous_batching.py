"""Continuous batching: requests join and leave a running batch; freed slots are reused."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


@dataclass
class Running:
    rid: int
    slot: int
    left: int
    pending: tr.Pending | None = None


class Scheduler:
    def __init__(self, n_slots: int) -> None:
        self.kv = tr.zeros((n_slots, 8), dtype=f32, name="kv")
        self.free = list(range(n_slots))
        self.running: list[Running] = []
        self.finished: dict[int, float] = {}
        self.one = tr.ones((8,), dtype=f32)

    def admit(self, rid: int, length: int) -> bool:
        if not self.free:
            return False
        slot = self.free.pop()
        k.fill(tiles(self.kv[slot]), 0.0).sync()
        self.running.append(Running(rid, slot, length))
        return True

    def step(self) -> None:
        for r in self.running:
            r.pending = k.accum(tiles(self.kv[r.slot]), self.one).submit()
        for r in self.running:
            assert r.pending is not None
            r.pending.wait()
            r.pending = None
            r.left -= 1
        for r in [r for r in self.running if r.left == 0]:
            self.finished[r.rid] = float(self.kv[r.slot].to_numpy()[0])
            self.running.remove(r)
            self.free.append(r.slot)


sched = Scheduler(2)
waiting = [(0, 3), (1, 1), (2, 2), (3, 1)]
while waiting or sched.running:
    while waiting and sched.admit(*waiting[0]):
        waiting.pop(0)
    sched.step()
assert sched.finished == {0: 3.0, 1: 1.0, 2: 2.0, 3: 1.0}, sched.finished
assert np.all(sched.kv.to_numpy() >= 0)
