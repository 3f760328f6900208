"""A dataclass holds a numpy output array and passes it to the kernel as its output."""

from dataclasses import dataclass, field

import numpy as np
from llmquill.host import vec
from llmquill.kernels import scale

import tilert as tr


@dataclass
class Head:
    x: tr.Tensor
    out: np.ndarray = field(default_factory=lambda: np.zeros(32, dtype=np.float32))

    def run(self) -> np.ndarray:
        scale(self.out, self.x, 2.0).sync()  # expect: TC106
        return self.out


head = Head(vec(32, 1.0))
print(head.run()[:4])  # expect-also
