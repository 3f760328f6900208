from __future__ import annotations

from llmrun.kernels import fill

import tilert as tr


class Sampler:
    def __init__(self, vocab: int) -> None:
        self.logits = tr.zeros((vocab,), name="logits")
        self.temperature = 0.7

    def reset(self) -> None:
        fill(self.logits, 0.0).sync()  # expect: TC106


s = Sampler(64)
s.reset()  # expect-also
