"""The decoder again: the argmax is taken in another method, after the projection settled."""

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

    def greedy(self) -> int:
        self.sync()
        return int(np.argmax(self.logits.to_numpy()))


dec = Decoder(8)
tokens = []
for step in range(3):
    dec.project(tr.arange(8, dtype=f32))
    tokens.append(dec.greedy() + step)
assert tokens == [7, 8, 9], tokens
