"""A layer variant derived with ``dataclasses.replace`` that reads the first layer's output
into a second buffer of its own."""

import dataclasses

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


@dataclasses.dataclass(frozen=True)
class Bias:
    x: tr.Tensor[tr.f32]
    bias: tr.Tensor[tr.f32]
    out: tr.Tensor[tr.f32]

    def forward(self) -> None:
        K.add(tiles(self.out), self.x, self.bias).sync()


base = Bias(x=vec(np.arange(64)), bias=vec(np.ones(64)), out=tr.zeros((64,)))
base.forward()
second = dataclasses.replace(base, x=base.out, out=tr.zeros((64,)))
second.forward()
assert np.allclose(second.out.to_numpy(), np.arange(64) + 2)
