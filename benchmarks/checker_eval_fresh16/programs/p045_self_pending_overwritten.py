"""A stepper stores its Pending on `self` and overwrites it on the next step unwaited."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Stepper:
    def __init__(self) -> None:
        self.x = vec(16, 1.0)
        self.outs = [vec(16), vec(16)]
        self.pending = None

    def step(self, i: int) -> None:
        self.pending = scale(tiles(self.outs[i % 2]), self.x, float(i)).submit()  # expect: TC108

    def finish(self) -> tr.Tensor:
        self.pending.wait()
        return self.outs[1]


s = Stepper()
s.step(0)  # expect-also
s.step(1)
print(s.finish().to_numpy()[0])
