"""A progress closure over the loss buffer, called by the training loop."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def make_reporter(loss: tr.Tensor[tr.f32]) -> Callable[[int], str]:
    def report(step: int) -> str:
        return f"step {step}: loss {float(np.mean(loss.to_numpy())):.3f}"  # expect: TC102

    return report


loss = tr.zeros((4,))
grads = tr.full((4,), 0.25)
report = make_reporter(loss)
for step in range(3):
    pending = k.acc(tiles(loss), grads).submit()
    if step == 2:
        print(report(step))  # expect-also
    pending.wait()
