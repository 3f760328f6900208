"""A layer's forward takes its input from the caller, who feeds the layer's own output back in."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Layer:
    def __init__(self, n: int, w: float) -> None:
        self.out = vec(n)
        self.w = w

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        scale(tiles(self.out), x, self.w).sync()  # expect: TC101
        return self.out


layer = Layer(16, 0.5)
h = layer.forward(vec(16, 4.0))
h = layer.forward(layer.out)  # expect-also
print(h.to_numpy()[0])
