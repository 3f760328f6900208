from __future__ import annotations

from llmhost.kernels import scale

import tilert as tr


class Launched:
    """`with Launched(op, out) as out:` submits on entry, waits on exit."""

    def __init__(self, op: tr.Op, out: tr.Tensor) -> None:
        self.op = op
        self.out = out
        self.pending: tr.Pending | None = None

    def __enter__(self) -> tr.Tensor:
        self.pending = self.op.submit()
        return self.out

    def __exit__(self, *exc: object) -> None:
        assert self.pending is not None
        self.pending.wait()


x = tr.ones((64,))
y = tr.zeros((64,))
with Launched(scale(y.partition((16,)), x, 4.0), y) as result:
    print(result.to_numpy().mean())  # expect: TC102
