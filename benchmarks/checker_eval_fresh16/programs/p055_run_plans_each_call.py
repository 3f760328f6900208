"""A projection plans its output partition inside `run()`, so each call has a fresh one."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Projection:
    def __init__(self, n: int, w: float) -> None:
        self.out = vec(n)
        self.w = w

    def run(self, x: tr.Tensor) -> tr.Tensor:
        scale(tiles(self.out), x, self.w).sync()
        return self.out


proj = Projection(32, 2.0)
proj.run(vec(32, 1.0))
assert proj.run(vec(32, 3.0)).to_numpy()[0] == 6.0
