"""A dataclass planning its partition in __post_init__; a `total` property reads the buffer
while the plan is alive."""

from dataclasses import dataclass, field

from llmserve import kernels as K

import tilert as tr


@dataclass
class Accumulator:
    n: int
    buf: tr.Tensor = field(init=False)
    plan: tr.Partition | None = field(init=False)

    def __post_init__(self) -> None:
        self.buf = tr.zeros((self.n,))
        self.plan = self.buf.partition((64,))

    @property
    def total(self) -> float:
        return float(self.buf.to_numpy().sum())  # expect: TC104

    def add(self, x: tr.Tensor) -> None:
        assert self.plan is not None
        K.accum(self.plan, x).sync()
        self.plan = None


acc = Accumulator(256)
print("before", acc.total)  # expect-also
acc.add(tr.ones((256,)))
