"""An Engine whose `__call__` returns a Pending; the warm-up call ignores the result."""

from __future__ import annotations

from llmweave.kernels import scale

import tilert as tr


class Engine:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,))

    @classmethod
    def small(cls) -> Engine:
        return cls(64)

    def __call__(self, x: tr.Tensor) -> tr.Pending:
        return scale(self.out.partition((16,)), x, 2.0).submit()  # expect: TC108


engine = Engine.small()
x = tr.ones((64,))
engine(x)  # expect-also
print("warmed up")
