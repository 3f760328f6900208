"""A projector whose forward hands its output buffer straight to the kernel."""

from llmforge import kernels as k

import tilert as tr
from tilert import Tensor, f32


class Projector:
    def __init__(self, n: int, gain: float) -> None:
        self.out = tr.zeros((n,), dtype=f32)
        self.gain = gain

    def forward(self, x: Tensor[f32]) -> Tensor[f32]:
        k.scale(self.out, x, self.gain).sync()  # expect: TC106
        return self.out


proj = Projector(12, 0.5)
y = proj.forward(tr.arange(12, dtype=f32))  # expect-also
print(y.to_numpy())
