"""A projection plans its output partition in __init__; `run()` launches with it each call."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Projection:
    def __init__(self, n: int, w: float) -> None:
        self.out = vec(n)
        self.plan = tiles(self.out)
        self.w = w

    def run(self, x: tr.Tensor) -> tr.Tensor:
        scale(self.plan, x, self.w).sync()  # expect: TC109
        return self.out


proj = Projection(32, 2.0)
proj.run(vec(32, 1.0))
print(proj.run(vec(32, 3.0)).to_numpy()[0])  # expect-also
