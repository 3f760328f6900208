"""A layer that caches the partition of its output buffer to save work per call."""

from llmcove import add

import tilert as tr


class BiasLayer:
    def __init__(self, width: int, tile: int = 256) -> None:
        self.bias = tr.full((width,), 0.25)
        self.out = tr.empty((width,))
        self.out_tiles = self.out.partition((tile,))

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        add(self.out_tiles, x, self.bias).sync()  # expect: TC109
        return self.out


layer = BiasLayer(1024)
for step in range(3):
    h = layer.forward(tr.full((1024,), float(step)))  # expect-also: TC109
    print(step, float(h.to_numpy()[0]))
