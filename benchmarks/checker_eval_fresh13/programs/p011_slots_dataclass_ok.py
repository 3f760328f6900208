"""The residual with an in-place accumulate instead: one Mutable, one Shared of another tensor."""

from dataclasses import dataclass, field

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


@dataclass(slots=True)
class Residual:
    x: tr.Tensor
    delta: tr.Tensor = field(default_factory=lambda: tr.ones(128))

    def forward(self) -> None:
        K.accum(tiles(self.x), self.delta).sync()


block = Residual(tr.arange(128))
block.forward()
assert np.array_equal(block.x.to_numpy(), np.arange(128, dtype=np.float32) + 1)
