"""A telemetry object whose counter tiles are made once, as a cached_property."""

from __future__ import annotations

from functools import cached_property

from llmcraft import kernels as k

import tilert as tr


class Telemetry:
    def __init__(self, counters: int) -> None:
        self.counts = tr.zeros((counters,), name="telemetry")

    @cached_property
    def plan(self) -> tr.Partition[tr.f32]:
        return self.counts.partition((4,))

    def bump(self, by: tr.Tensor[tr.f32]) -> None:
        k.acc(self.plan, by).sync()

    def snapshot(self) -> list[float]:
        return [float(v) for v in self.counts.to_numpy()]  # expect: TC104


tele = Telemetry(8)
print(tele.plan.num_tiles)
print(tele.snapshot())  # expect-also
