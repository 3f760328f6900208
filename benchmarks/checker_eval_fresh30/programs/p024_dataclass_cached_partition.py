"""An EMA of model weights; the partition of the shadow copy is cached at construction."""

from dataclasses import dataclass, field

from llmquill import axpy, scale

import tilert as tr

N = 1024


@dataclass
class EMA:
    shadow: tr.Tensor
    decay: float = 0.99
    tmp: tr.Tensor = field(default_factory=lambda: tr.empty((N,)))
    tiles: tr.Partition = field(init=False)

    def __post_init__(self) -> None:
        self.tiles = self.tmp.partition((256,))

    def update(self, weights: tr.Tensor) -> None:
        scale(self.tiles, self.shadow, self.decay).sync()  # expect: TC109
        axpy(self.shadow.partition((256,)), weights, 1.0 - self.decay).sync()


ema = EMA(shadow=tr.zeros((N,)))
for step in range(3):
    ema.update(tr.full((N,), float(step)))  # expect-also: TC109
print(ema.shadow.to_numpy()[:2])
