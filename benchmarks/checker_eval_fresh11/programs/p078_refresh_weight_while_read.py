"""A layer keeps the Pendings of the ops reading its weight; refresh() rewrites the weight
before they are waited."""

from __future__ import annotations

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class Layer:
    def __init__(self, n: int) -> None:
        self.w = tr.ones((n,), name="w")
        self.readers: list[tr.Pending] = []

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        y = tr.zeros(x.shape)
        self.readers.append(K.mul(tiles(y), self.w, x).submit())
        return y

    def refresh(self, value: float) -> None:
        K.fill(tiles(self.w), value).sync()  # expect: TC103

    def settle(self) -> None:
        for p in self.readers:
            p.wait()
        self.readers.clear()


layer = Layer(128)
ys = [layer.forward(tr.arange(128)) for _ in range(2)]
layer.refresh(0.5)  # expect-also
layer.settle()
