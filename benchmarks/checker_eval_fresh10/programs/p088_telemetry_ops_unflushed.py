"""A telemetry object queuing one reduction op per metric; flush() runs only the first."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Telemetry:
    def __init__(self) -> None:
        self.ops: list[tr.Op] = []
        self.sinks: list[Tensor[f32]] = []

    def record(self, value: Tensor[f32]) -> None:
        sink = tr.zeros(value.shape, dtype=f32)
        self.sinks.append(sink)
        self.ops.append(k.sqr(tiles(sink), value))  # expect: TC105

    def flush(self) -> None:
        if self.ops:
            self.ops[0].sync()
        self.ops = []


def step() -> None:
    tele = Telemetry()
    tele.record(tr.ones((8,), dtype=f32))
    tele.record(tr.arange(8, dtype=f32))  # expect-also
    tele.flush()


step()
