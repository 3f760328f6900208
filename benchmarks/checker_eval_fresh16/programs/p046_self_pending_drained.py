"""A stepper stores its Pending on `self` and waits it before submitting the next step."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Stepper:
    def __init__(self) -> None:
        self.x = vec(16, 1.0)
        self.outs = [vec(16), vec(16)]
        self.pending = None

    def step(self, i: int) -> None:
        if self.pending is not None:
            self.pending.wait()
        self.pending = scale(tiles(self.outs[i % 2]), self.x, float(i)).submit()

    def finish(self) -> tr.Tensor:
        self.pending.wait()
        return self.outs[1]


s = Stepper()
for i in range(4):
    s.step(i)
assert s.finish().to_numpy()[0] == 3.0
