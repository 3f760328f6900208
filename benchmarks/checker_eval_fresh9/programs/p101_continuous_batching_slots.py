"""Continuous batching: requests join and leave a running batch; a finished slot is reused."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

SLOTS, WIDTH = 3, 4


@dataclass
class Scheduler:
    states: list[tr.Tensor[tr.f32]] = field(
        default_factory=lambda: [tr.zeros((WIDTH,)) for _ in range(SLOTS)]
    )
    owner: dict[int, str] = field(default_factory=dict)
    remaining: dict[str, int] = field(default_factory=dict)

    def admit(self, rid: str, steps: int) -> None:
        slot = next(s for s in range(SLOTS) if s not in self.owner)
        k.fill(tiles(self.states[slot]), 0.0).sync()
        self.owner[slot] = rid
        self.remaining[rid] = steps

    def step(self, one: tr.Tensor[tr.f32]) -> list[str]:
        inflight: list[tr.Pending[Any]] = [
            k.acc(tiles(self.states[s]), one).submit() for s in self.owner
        ]
        for p in inflight:
            p.wait()
        done = []
        for slot, rid in list(self.owner.items()):
            self.remaining[rid] -= 1
            if self.remaining[rid] == 0:
                assert self.states[slot].to_numpy()[0] > 0
                done.append(rid)
                del self.owner[slot]
        return done


sched = Scheduler()
one = tr.ones((WIDTH,))
sched.admit("a", 2)
sched.admit("b", 1)
finished = sched.step(one)
sched.admit("c", 2)
finished += sched.step(one) + sched.step(one)
assert finished == ["b", "a", "c"], finished
print(np.stack([s.to_numpy() for s in sched.states]))
