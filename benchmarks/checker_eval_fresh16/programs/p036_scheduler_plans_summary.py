"""A scheduler keeps (buffer, plan) pairs in a list; its summary reads buffers still planned."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Scheduler:
    def __init__(self, n: int) -> None:
        self.slots: list[tuple[tr.Tensor, tr.Partition]] = []
        for _ in range(n):
            buf = vec(16)
            self.slots.append((buf, tiles(buf)))

    def summary(self) -> list[float]:
        return [float(buf.to_numpy().sum()) for buf, _ in self.slots]  # expect: TC104

    def run(self, x: tr.Tensor) -> None:
        while self.slots:
            _, plan = self.slots.pop()
            scale(plan, x, 2.0).sync()


sched = Scheduler(3)
print("before:", sched.summary())  # expect-also
sched.run(vec(16, 1.0))
