"""A residual layer whose `apply` adds a bias to its input into its own output; the caller
feeds it its own output to apply it twice."""

from llmweave.kernels import add

import tilert as tr


class Residual:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), name="residual_out")
        self.bias = tr.ones((n,))

    def apply(self, x: tr.Tensor) -> None:
        add(self.out.partition((16,)), x, self.bias).sync()  # expect: TC101


r = Residual(64)
r.apply(tr.ones((64,)))
r.apply(r.out)  # expect-also
