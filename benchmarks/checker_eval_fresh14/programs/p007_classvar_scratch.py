"""Heads share one class-level scratch buffer; one head reads it while another writes it."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class Head:
    scratch = tr.zeros((32,), name="shared scratch")

    def __init__(self, scale: float) -> None:
        self.scale = scale

    def start(self, x: tr.Tensor) -> tr.Pending:
        return K.scale(tiles(Head.scratch), x, self.scale).submit()

    def peek(self) -> float:
        return float(self.scratch.to_numpy().sum())  # expect: TC102


x = tr.ones((32,))
a, b = Head(0.5), Head(2.0)
pend = a.start(x)
print("b sees", b.peek())  # expect-also
pend.wait()
