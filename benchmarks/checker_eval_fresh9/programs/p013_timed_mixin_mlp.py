"""A timing mixin shared by layers: each launch is bracketed by events on a side stream."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.base import Layer

import tilert as tr


class TimedMixin:
    timings: list[float]

    def timed(self, op: tr.Op[Any]) -> None:
        stream = tr.Stream()
        start = stream.record()
        pending = op.submit(stream)
        end = stream.record()
        pending.wait()
        end.synchronize()
        self.timings.append(start.elapsed_ms(end))


class Mlp(TimedMixin, Layer):
    def __init__(self, width: int) -> None:
        super().__init__(width)
        self.timings = []

    def op(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]:
        return k.relu(self.part(), x)

    def __call__(self, x: tr.Tensor[tr.f32]) -> tr.Tensor[tr.f32]:
        self.timed(self.op(x))
        return self.out


mlp = Mlp(8)
x = tr.from_numpy(np.linspace(-1, 1, 8, dtype=np.float32))
for _ in range(3):
    y = mlp(x)
assert (y.to_numpy() >= 0).all() and len(mlp.timings) == 3
print("ok")
