"""An Engine that plans its output's partition once in a staticmethod and reuses the plan."""

from llmweave.kernels import fill, scale

import tilert as tr


class Engine:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,))
        self.plan = self.make_plan(self.out)

    @staticmethod
    def make_plan(t: tr.Tensor) -> tr.Partition:
        return t.partition((16,))

    def reset(self) -> None:
        fill(self.plan, 0.0).sync()

    def __call__(self, x: tr.Tensor) -> None:
        scale(self.plan, x, 2.0).sync()  # expect: TC109


e = Engine(64)
e.reset()
e(tr.ones((64,)))  # expect-also
