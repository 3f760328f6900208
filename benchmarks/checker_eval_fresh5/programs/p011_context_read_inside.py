"""The same context manager; this time the output is read inside the with block."""

from __future__ import annotations

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

    def __exit__(self, *exc: object) -> None:
        if self.pending is not None:
            self.pending.wait()


x = tr.arange(N)
y = tr.zeros((N,))
with Launched(scale(y.partition((16,)), x, 3.0)):
    print(y.to_numpy()[:4])  # expect: TC102
