"""A sampler applying temperature to the logits in place with a kernel that reads its output
tile through the partition (`scale`), then taking the softmax."""

import numpy as np
from servekit import scale

import tilert as tr
import tilert.kernels as tk


class Sampler:
    def __init__(self, batch: int, vocab: int) -> None:
        self.logits = tr.empty((batch, vocab), name="logits")
        self.probs = tr.empty((batch, vocab), name="probs")
        self.vocab = vocab

    def probabilities(self, temperature: float) -> np.ndarray:
        scale(self.logits.partition((1, self.vocab)), 1.0 / temperature).sync()
        tk.softmax(self.probs, self.logits).sync()
        return self.probs.to_numpy()


s = Sampler(2, 16)
s.logits.copy_from(np.random.default_rng(8).standard_normal((2, 16)).astype(np.float32))
print(s.probabilities(0.8).sum(axis=-1))
