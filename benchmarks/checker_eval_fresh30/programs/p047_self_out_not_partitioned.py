"""A projection layer object; forward() passes its output buffer straight to the kernel."""

from llmquill import scale

import tilert as tr


class ScaleLayer:
    def __init__(self, n: int, factor: float) -> None:
        self.factor = factor
        self.out = tr.empty((n,), name="scale_out")

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        scale(self.out, x, self.factor).sync()  # expect: TC106
        return self.out


layer = ScaleLayer(1024, 0.5)
y = layer.forward(tr.ones((1024,)))  # expect-also: TC106
print(y.to_numpy()[:2])
