"""A slots dataclass residual whose `out` is the input: `forward` passes it twice."""

from dataclasses import dataclass

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


@dataclass(slots=True)
class Residual:
    x: tr.Tensor
    delta: tr.Tensor
    out: tr.Tensor

    def forward(self) -> None:
        K.add(tiles(self.out), self.x, self.delta).sync()  # expect: TC101


x = tr.arange(128)
block = Residual(x=x, delta=tr.ones(128), out=x)
block.forward()  # expect-also
