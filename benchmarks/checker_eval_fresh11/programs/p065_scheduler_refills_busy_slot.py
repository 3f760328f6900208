"""A continuous-batching scheduler hands a finished request's slot to a new one before the
old request's last write was waited."""

from __future__ import annotations

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class Scheduler:
    def __init__(self, slots: int, n: int) -> None:
        self.bufs = [tr.zeros((n,)) for _ in range(slots)]
        self.inflight: dict[int, tr.Pending] = {}
        self.free: list[int] = []

    def admit(self, slot: int, prompt: tr.Tensor) -> None:
        self.inflight[slot] = K.copy(tiles(self.bufs[slot]), prompt).submit()  # expect: TC102

    def retire(self, slot: int) -> None:
        self.free.append(slot)

    def drain(self) -> None:
        for p in self.inflight.values():
            p.wait()
        self.inflight.clear()


sched = Scheduler(2, 128)
sched.admit(0, tr.arange(128))
sched.admit(1, tr.ones((128,)))
sched.retire(0)
sched.admit(sched.free.pop(), tr.full((128,), 7.0))  # expect-also
sched.drain()
