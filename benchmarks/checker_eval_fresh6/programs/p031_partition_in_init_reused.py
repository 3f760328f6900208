"""An output projection that partitions its output once in __init__ and launches through the
stored partition on every forward: the second forward reuses a consumed partition."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


class OutProj:
    def __init__(self, width: int) -> None:
        self.out = tr.zeros((width,), name="proj")
        self.part = self.out.partition((16,))
        self.bias = tr.full((width,), 0.5)

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        k.add(self.part, x, self.bias).sync()  # expect: TC109
        return self.out


proj = OutProj(64)
x = tr.ones((64,))
print(proj.forward(x).to_numpy()[0])
print(proj.forward(x).to_numpy()[0])  # expect-also
