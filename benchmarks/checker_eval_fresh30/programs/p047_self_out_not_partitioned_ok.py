"""A projection layer object; forward() partitions its output buffer for the kernel."""

from llmquill import scale

import tilert as tr


class ScaleLayer:
    def __init__(self, n: int, factor: float) -> None:
        self.factor = factor
        self.out = tr.empty((n,), name="scale_out")

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        scale(self.out.partition((256,)), x, self.factor).sync()
        return self.out


layer = ScaleLayer(1024, 0.5)
y = layer.forward(tr.ones((1024,)))
print(y.to_numpy()[:2])
