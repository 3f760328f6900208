"""A greedy decoder keeps the Pending of its projection and peeks at the logits."""

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
        return int(np.argmax(self.logits.to_numpy()))  # expect: TC102


dec = Decoder(32)
dec.launch(0.7)
token = dec.peek()  # expect-also
dec.sync()
print(token)
