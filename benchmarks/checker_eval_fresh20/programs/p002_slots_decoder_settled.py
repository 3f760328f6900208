"""The same slotted decoder, settled before it is peeked at."""

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
        return float(self.logits.to_numpy().max())

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


dec = Decoder(upload(np.linspace(-1, 1, 64)))
dec.step(0.5)
dec.settle()
assert abs(dec.peek() - 2.0) < 1e-6
