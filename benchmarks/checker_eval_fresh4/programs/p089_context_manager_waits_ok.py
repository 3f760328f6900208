"""A context manager that submits on entry and waits on exit; reads happen after the block."""

from __future__ import annotations

from types import TracebackType

import numpy as np
from llmrun.kernels import add

import tilert as tr


class Launch:
    def __init__(self, op: tr.Op) -> None:
        self.op = op
        self.pending: tr.Pending | None = None

    def __enter__(self) -> Launch:
        self.pending = self.op.submit()
        return self

    def __exit__(
        self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None
    ) -> None:
        assert self.pending is not None
        self.pending.wait()


x = tr.ones((64,))
h = tr.zeros((64,))
with Launch(add(h.partition((16,)), x, x)):
    seen = x.to_numpy().sum()  # x is only read in flight
assert seen == 64.0 and np.all(h.to_numpy() == 2.0)
