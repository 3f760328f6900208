"""A dataclass output slot that takes its partition in `__post_init__`; the program inspects
the buffer before the slot is launched."""

from dataclasses import dataclass, field

from llmweave.kernels import fill

import tilert as tr


@dataclass
class OutputSlot:
    size: int
    buf: tr.Tensor = field(init=False)
    part: tr.Partition = field(init=False)

    def __post_init__(self) -> None:
        self.buf = tr.zeros((self.size,))
        self.part = self.buf.partition((16,))

    def run(self, value: float) -> None:
        fill(self.part, value).sync()


slot = OutputSlot(64)
print("initial", slot.buf.to_numpy().sum())  # expect: TC104
slot.run(1.0)
