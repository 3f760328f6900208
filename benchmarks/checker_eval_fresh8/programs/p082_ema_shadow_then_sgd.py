"""Model averaging: an EMA of the weights into a shadow copy is submitted, then the optimizer
updates the same weights without waiting."""

from llmweave.kernels import ema, sgd

import tilert as tr


class Averaged:
    def __init__(self, n: int) -> None:
        self.weight = tr.ones((n,), name="weight")
        self.shadow = tr.zeros((n,), name="shadow")
        self.grad = tr.ones((n,))
        self.avg: tr.Pending | None = None

    def average(self) -> None:
        self.avg = ema(self.shadow.partition((16,)), self.weight, 0.99).submit()

    def update(self) -> None:
        sgd(self.weight.partition((16,)), self.grad, 0.1).sync()  # expect: TC103


m = Averaged(64)
m.average()
m.update()  # expect-also
if m.avg is not None:
    m.avg.wait()
