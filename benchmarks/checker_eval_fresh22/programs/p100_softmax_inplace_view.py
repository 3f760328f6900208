"""A sampler that computes probabilities in place to save memory (probs is a view of logits)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Sampler:
    def __init__(self, vocab: int) -> None:
        self.logits = tr.zeros((1, vocab), name="logits")
        self.probs = self.logits.view(tr.f32)  # same memory, no allocation

    def probabilities(self, scores: np.ndarray) -> np.ndarray:
        self.logits.copy_from(scores.reshape(1, -1).astype(np.float32))
        tk.softmax(self.probs, self.logits).sync()  # expect: TC101
        return self.probs.to_numpy()[0]


sampler = Sampler(64)
p = sampler.probabilities(np.linspace(-1, 1, 64))  # expect-also
print(float(p.sum()))
