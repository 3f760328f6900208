"""A decoder that submits its projection and peeks at the logits before finishing the step."""

from __future__ import annotations

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class Decoder:
    def __init__(self, vocab: int) -> None:
        self.w = tr.from_numpy(np.linspace(0.0, 1.0, vocab, dtype=np.float32))
        self.logits = tr.zeros((vocab,), name="logits")
        self.pending: tr.Pending | None = None

    def step(self, hidden: tr.Tensor) -> None:
        self.pending = K.mul(tiles(self.logits), self.w, hidden).submit()

    def peek(self) -> int:
        return int(np.argmax(self.logits.to_numpy()))  # expect: TC102

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


dec = Decoder(512)
dec.step(tr.ones((512,)))
best = dec.peek()  # expect-also
dec.finish()
print("next token", best)
