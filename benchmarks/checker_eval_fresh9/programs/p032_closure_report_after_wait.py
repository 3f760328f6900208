"""A progress closure over the loss buffer, called once the step's update is waited."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def make_reporter(loss: tr.Tensor[tr.f32]) -> Callable[[int], float]:
    def report(step: int) -> float:
        return float(np.mean(loss.to_numpy()))

    return report


loss = tr.zeros((4,))
grads = tr.full((4,), 0.25)
report = make_reporter(loss)
seen = []
for step in range(3):
    pending = k.acc(tiles(loss), grads).submit()
    pending.wait()
    seen.append(report(step))
assert seen == [0.25, 0.5, 0.75]
print("ok")
