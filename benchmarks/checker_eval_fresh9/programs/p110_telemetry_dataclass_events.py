"""A telemetry dataclass collecting per-step timings with events, read after each wait."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


@dataclass
class Telemetry:
    stream: tr.Stream = field(default_factory=tr.Stream)
    times: list[float] = field(default_factory=list)
    maxima: list[float] = field(default_factory=list)

    def timed_step(self, out: tr.Tensor[tr.f32], x: tr.Tensor[tr.f32], gain: float) -> None:
        start = self.stream.record()
        pending = k.scale(tiles(out), x, gain).submit(self.stream)
        end = self.stream.record()
        pending.wait()
        end.synchronize()
        self.times.append(start.elapsed_ms(end))
        self.maxima.append(float(out.to_numpy().max()))


tele = Telemetry()
out = tr.zeros((8,))
for gain in (1.0, 2.0, 4.0):
    tele.timed_step(out, tr.ones((8,)), gain)
np.testing.assert_allclose(tele.maxima, [1, 2, 4])
assert len(tele.times) == 3
print("ok")
