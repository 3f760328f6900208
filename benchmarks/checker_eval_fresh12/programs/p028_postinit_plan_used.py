"""A dataclass planning its partition in __post_init__; the `total` property is read once the
plan has been used and dropped."""

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
        return float(self.buf.to_numpy().sum())

    def add(self, x: tr.Tensor) -> None:
        assert self.plan is not None
        K.accum(self.plan, x).sync()
        self.plan = None


acc = Accumulator(256)
acc.add(tr.ones((256,)))
assert acc.total == 256.0
