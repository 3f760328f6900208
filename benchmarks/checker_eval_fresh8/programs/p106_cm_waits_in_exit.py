"""A user context manager that keeps the block's Pending in an attribute and waits it in
`__exit__`; the host reads the output after the block."""

from types import TracebackType

import numpy as np
from llmweave.kernels import scale

import tilert as tr


class Launch:
    def __init__(self, op: tr.Op) -> None:
        self.op = op
        self.pending: tr.Pending | None = None

    def __enter__(self) -> "Launch":
        self.pending = self.op.submit()
        return self

    def __exit__(
        self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


x, y = tr.ones((64,)), tr.zeros((64,))
with Launch(scale(y.partition((16,)), x, 5.0)):
    host_work = sum(range(10))
assert np.allclose(y.to_numpy(), 5.0)
print(host_work)
