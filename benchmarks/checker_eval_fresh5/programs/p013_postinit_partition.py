"""A dataclass that prepares its output partition in __post_init__ and logs the output before
the first forward."""

from __future__ import annotations

from dataclasses import dataclass, field

from llmdeck.kernels import scale

import tilert as tr

N = 64


@dataclass
class Head:
    size: int
    out: tr.Tensor = field(init=False)
    part: tr.Partition = field(init=False)

    def __post_init__(self) -> None:
        self.out = tr.zeros((self.size,))
        self.part = self.out.partition((16,))

    def describe(self) -> str:
        return f"head of {self.size}, max {self.out.to_numpy().max()}"  # expect: TC104

    def forward(self, x: tr.Tensor) -> None:
        scale(self.part, x, 2.0).sync()


head = Head(N)
print(head.describe())  # expect-also
head.forward(tr.arange(N))
