"""A context manager that submits on entry and waits on exit; the host reads after the block
and, inside it, only reads the input that the op also only reads."""

from __future__ import annotations

from types import TracebackType

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64


class Launched:
    def __init__(self, op: tr.Op) -> None:
        self.op = op
        self.pending: tr.Pending | None = None

    def __enter__(self) -> Launched:
        self.pending = self.op.submit()
        return self

    def __exit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.pending is not None:
            self.pending.wait()


x = tr.arange(N)
y = tr.zeros((N,))
with Launched(scale(y.partition((16,)), x, 3.0)):
    xs = x.to_numpy()
assert np.allclose(y.to_numpy(), 3 * xs)
