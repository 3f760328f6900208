"""A layer that partitions its output buffer on each call."""

from llmcove import add

import tilert as tr


class BiasLayer:
    def __init__(self, width: int, tile: int = 256) -> None:
        self.bias = tr.full((width,), 0.25)
        self.out = tr.empty((width,))
        self.tile = tile

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        add(self.out.partition((self.tile,)), x, self.bias).sync()
        return self.out


layer = BiasLayer(1024)
for step in range(3):
    h = layer.forward(tr.full((1024,), float(step)))
    print(step, float(h.to_numpy()[0]))
