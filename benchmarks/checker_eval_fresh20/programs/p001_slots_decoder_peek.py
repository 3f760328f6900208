"""A slotted dataclass decoder: step() submits into self, peek() reads the logits early."""

from dataclasses import dataclass, field

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


@dataclass(slots=True)
class Decoder:
    hidden: tr.Tensor
    logits: tr.Tensor = field(default_factory=lambda: tr.zeros((64,)))
    pending: tr.Pending | None = None

    def step(self, temperature: float) -> None:
        self.pending = K.scale(tiles(self.logits), self.hidden, 1.0 / temperature).submit()

    def peek(self) -> float:
        return float(self.logits.to_numpy().max())  # expect: TC102

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


dec = Decoder(upload(np.linspace(-1, 1, 64)))
dec.step(0.5)
best = dec.peek()  # expect-also
dec.settle()
print(best)
