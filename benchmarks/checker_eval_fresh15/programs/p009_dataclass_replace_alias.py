"""A residual layer copied with dataclasses.replace so that it writes into its own input."""

from dataclasses import dataclass, replace

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


@dataclass
class Residual:
    inp: tr.Tensor
    delta: tr.Tensor
    out: tr.Tensor

    def forward(self) -> None:
        K.add(tiles(self.out), self.inp, self.delta).sync()  # expect: TC101


x = vec(np.arange(32))
layer = Residual(x, vec(np.ones(32)), tr.zeros((32,)))
layer.forward()
inplace = replace(layer, out=layer.inp)
inplace.forward()  # expect-also
print(x.to_numpy()[:3])
