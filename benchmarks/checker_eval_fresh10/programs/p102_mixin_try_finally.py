"""A timing mixin around a layer; the launch waited in `finally` even on an early return."""

import time

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class TimedMixin:
    elapsed: float = 0.0

    def timed_forward(self, x: Tensor[f32], skip: bool) -> Tensor[f32] | None:
        t0 = time.perf_counter()
        try:
            return self.forward(x, skip)  # type: ignore[attr-defined]
        finally:
            self.elapsed += time.perf_counter() - t0


class Dense(TimedMixin):
    def __init__(self) -> None:
        self.out = tr.zeros((8,), dtype=f32)

    def forward(self, x: Tensor[f32], skip: bool) -> Tensor[f32] | None:
        pend = k.scale(tiles(self.out), x, 4.0).submit()
        try:
            if skip:
                return None
        finally:
            pend.wait()
        return self.out


layer = Dense()
assert layer.timed_forward(tr.arange(8, dtype=f32), skip=True) is None
y = layer.timed_forward(tr.arange(8, dtype=f32), skip=False)
assert y is not None
np.testing.assert_allclose(y.to_numpy(), 4 * np.arange(8))
