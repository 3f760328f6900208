"""A sampler that keeps its probability buffer and fills it with a softmax."""

import numpy as np
from llmforge import scale

import tilert as tr
import tilert.kernels as tk


class Sampler:
    def __init__(self, vocab: int, temperature: float = 0.8) -> None:
        self.temperature = temperature
        self.scaled = tr.empty((1, vocab), name="scaled")
        self.probs = tr.empty((1, vocab), name="probs")

    def probabilities(self, logits: tr.Tensor) -> np.ndarray:
        scale(self.scaled, logits, 1.0 / self.temperature).sync()  # expect: TC106
        tk.softmax(self.probs, self.scaled).sync()
        return self.probs.to_numpy()[0]


def main() -> None:
    vocab = 256
    logits = tr.from_numpy(np.random.default_rng(1).standard_normal((1, vocab)).astype(np.float32))
    sampler = Sampler(vocab)
    p = sampler.probabilities(logits)  # expect-also: TC106
    print("sum", float(p.sum()), "top", int(p.argmax()))


main()
