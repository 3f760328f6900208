"""A greedy decoder whose peek waits for its own projection first."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Decoder:
    def __init__(self, vocab: int) -> None:
        self.hidden = tr.from_numpy(np.arange(vocab, dtype=np.float32))
        self.logits = tr.zeros((vocab,))
        self.inflight: tr.Pending[Any] | None = None

    def launch(self, temperature: float) -> None:
        self.inflight = k.scale(tiles(self.logits), self.hidden, 1.0 / temperature).submit()

    def sync(self) -> None:
        if self.inflight is not None:
            self.inflight.wait()
            self.inflight = None

    def peek(self) -> int:
        self.sync()
        return int(np.argmax(self.logits.to_numpy()))


dec = Decoder(32)
for temp in (0.5, 1.0, 2.0):
    dec.launch(temp)
    assert dec.peek() == 31
print("ok")
