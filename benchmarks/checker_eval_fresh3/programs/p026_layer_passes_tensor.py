from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmhost.kernels import add, scale

import tilert as tr


@dataclass
class MLPBlock:
    d: int
    alpha: float = 0.5
    hidden: tr.Tensor = field(init=False)
    out: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        self.hidden = tr.zeros((self.d,))
        self.out = tr.zeros((self.d,))

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        scale(self.hidden.partition((16,)), x, self.alpha).sync()
        add(self.out, self.hidden, x).sync()  # expect: TC106
        return self.out


block = MLPBlock(64)
y = block(tr.ones((64,)))  # expect-also
print(np.asarray(y.to_numpy())[:4])
