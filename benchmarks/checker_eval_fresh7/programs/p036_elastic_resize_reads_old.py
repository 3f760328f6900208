"""Elastic batch that grows by copying the old rows through the host; the step launched just
before the resize is still writing the old buffer."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr

WIDTH = 32


class ElasticBatch:
    def __init__(self, rows: int) -> None:
        self.buf = tr.zeros((rows, WIDTH), name="batch")
        self.pending: list[tr.Pending] = []

    def step(self, bias: tr.Tensor) -> None:
        self.pending.append(K.acc(self.buf.partition((1, 16)), bias).submit())

    def grow(self, rows: int) -> None:
        old = self.buf.to_numpy()  # expect: TC102
        self.buf = tr.zeros((rows, WIDTH), name="batch")
        self.buf[: old.shape[0]].copy_from(old)

    def sync(self) -> None:
        while self.pending:
            self.pending.pop().wait()


batch = ElasticBatch(2)
batch.step(tr.ones((2, WIDTH)))
batch.grow(3)  # expect-also
batch.sync()
