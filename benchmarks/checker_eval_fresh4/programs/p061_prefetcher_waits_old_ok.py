"""A prefetcher that waits for the previous Pending before it replaces it."""

from __future__ import annotations

from llmrun.kernels import copy

import tilert as tr


class Prefetcher:
    def __init__(self, n: int) -> None:
        self.slots = [tr.zeros((n,)), tr.zeros((n,))]
        self.inflight: tr.Pending | None = None
        self.turn = 0

    def prefetch(self, src: tr.Tensor) -> None:
        if self.inflight is not None:
            self.inflight.wait()
        self.inflight = copy(self.slots[self.turn].partition((16,)), src).submit()
        self.turn ^= 1

    def ready(self) -> tr.Tensor:
        assert self.inflight is not None
        self.inflight.wait()
        self.inflight = None
        return self.slots[self.turn ^ 1]


pf = Prefetcher(64)
pf.prefetch(tr.ones((64,)))
pf.prefetch(tr.full((64,), 2.0))
assert pf.ready().to_numpy()[0] == 2.0
assert pf.slots[0].to_numpy()[0] == 1.0
