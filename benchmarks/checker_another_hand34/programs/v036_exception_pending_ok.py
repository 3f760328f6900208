"""A step with a latency budget: when the budget is exhausted the step raises StepTimeout
carrying the in-flight launch and its output, and the handler waits before logging."""

from __future__ import annotations

import logging

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

log = logging.getLogger("step")
N = 128


class StepTimeout(Exception):
    def __init__(self, step: int, pending: tr.Pending, out: tr.Tensor) -> None:
        super().__init__(f"step {step} over budget")
        self.pending = pending
        self.out = out


def step(i: int, out: tr.Tensor, x: tr.Tensor, budget_ms: float) -> None:
    pending = K.scale(tiles(out), x, 2.0).submit()
    if budget_ms < 1.0:
        raise StepTimeout(i, pending, out)
    pending.wait()


if __name__ == "__main__":
    out = tr.zeros(N, name="out")
    try:
        step(0, out, upload(np.arange(N), name="x"), budget_ms=0.5)
    except StepTimeout as exc:
        exc.pending.wait()
        log.warning("%s; late output %s", exc, exc.out.to_numpy()[:4])
    print(out.to_numpy()[:4])
