"""An MLP "module" in the style of nn.Module: buffers made in __init__, forward launches."""

from dataclasses import dataclass, field

import numpy as np
from llmreef import add, relu, scale

import tilert as tr


@dataclass
class MLP:
    dim: int
    alpha: float = 0.5
    hidden: tr.Tensor = field(init=False)
    scaled: tr.Tensor = field(init=False)
    out: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        self.hidden = tr.empty((self.dim,), name="hidden")
        self.scaled = tr.empty((self.dim,), name="scaled")
        self.out = tr.empty((self.dim,), name="out")

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        relu(self.hidden.partition((128,)), x).sync()
        scale(self.scaled.partition((128,)), self.hidden, self.alpha).sync()
        add(self.out.partition((128,)), self.scaled, x).sync()
        return self.out


mlp = MLP(512)
x = tr.from_numpy(np.linspace(-1, 1, 512, dtype=np.float32))
y = mlp.forward(x)
print(y.to_numpy()[-3:])
