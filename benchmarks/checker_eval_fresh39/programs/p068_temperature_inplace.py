"""A sampler applying temperature to the logits in place, passing the logits as both the output
partition and the input of the scaling kernel."""

import numpy as np
from servekit import scale_into

import tilert as tr
import tilert.kernels as tk


class Sampler:
    def __init__(self, batch: int, vocab: int) -> None:
        self.logits = tr.empty((batch, vocab), name="logits")
        self.probs = tr.empty((batch, vocab), name="probs")
        self.vocab = vocab

    def probabilities(self, temperature: float) -> np.ndarray:
        part = self.logits.partition((1, self.vocab))
        scale_into(part, self.logits, 1.0 / temperature).sync()  # expect: TC101
        tk.softmax(self.probs, self.logits).sync()
        return self.probs.to_numpy()


s = Sampler(2, 16)
s.logits.copy_from(np.random.default_rng(8).standard_normal((2, 16)).astype(np.float32))
print(s.probabilities(0.8).sum(axis=-1))  # expect-also: TC101
