"""A greedy decoder peeking at its logits while the projection that writes them is in flight."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Decoder:
    def __init__(self, vocab: int) -> None:
        self.logits = tr.zeros((vocab,), dtype=f32, name="logits")
        self.pending: tr.Pending | None = None

    def project(self, h: Tensor[f32]) -> None:
        self.pending = k.scale(tiles(self.logits), h, 3.0).submit()

    def sync(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


dec = Decoder(8)
dec.project(tr.arange(8, dtype=f32))
best = int(np.argmax(dec.logits.to_numpy()))  # expect: TC102
dec.sync()
print(best)
