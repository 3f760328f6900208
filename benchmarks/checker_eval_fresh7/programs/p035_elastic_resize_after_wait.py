"""An elastic batch: when requests join, the batch buffer grows. resize() waits the step in
flight, allocates the larger buffer and copies the old rows into its head."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr

WIDTH = 32


class ElasticBatch:
    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.buf = tr.zeros((rows, WIDTH), name=f"batch{rows}")
        self.step_pending: tr.Pending | None = None

    def step(self, bias: tr.Tensor) -> None:
        self.step_pending = K.acc(self.buf.partition((1, 16)), bias).submit()

    def resize(self, rows: int) -> None:
        if self.step_pending is not None:
            self.step_pending.wait()
            self.step_pending = None
        bigger = tr.zeros((rows, WIDTH), name=f"batch{rows}")
        K.copy(bigger[: self.rows].partition((1, 16)), self.buf).sync()
        self.buf, self.rows = bigger, rows


batch = ElasticBatch(2)
batch.step(tr.ones((2, WIDTH)))
batch.resize(4)
batch.step(tr.ones((4, WIDTH)))
batch.resize(6)
col = batch.buf.to_numpy()[:, 0]
assert np.array_equal(col, [2, 2, 1, 1, 0, 0])
print(col)
