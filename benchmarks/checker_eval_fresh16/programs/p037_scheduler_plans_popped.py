"""A scheduler keeps (buffer, plan) pairs in a list; the summary runs once every plan is used."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Scheduler:
    def __init__(self, n: int) -> None:
        self.bufs = [vec(16) for _ in range(n)]
        self.slots: list[tr.Partition] = [tiles(b) for b in self.bufs]

    def summary(self) -> list[float]:
        return [float(buf.to_numpy().sum()) for buf in self.bufs]

    def run(self, x: tr.Tensor) -> None:
        while self.slots:
            scale(self.slots.pop(), x, 2.0).sync()


sched = Scheduler(3)
sched.run(vec(16, 1.0))
assert sched.summary() == [32.0, 32.0, 32.0]
