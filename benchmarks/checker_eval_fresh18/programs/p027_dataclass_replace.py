"""A layer variant derived with ``dataclasses.replace`` for in-place use: its input becomes
its own output, so ``forward`` writes and reads one tensor in one launch."""

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
        K.add(tiles(self.out), self.x, self.bias).sync()  # expect: TC101


base = Bias(x=vec(np.arange(64)), bias=vec(np.ones(64)), out=tr.zeros((64,)))
base.forward()
inplace = dataclasses.replace(base, x=base.out)
inplace.forward()  # expect-also
print(base.out.to_numpy()[:3])
