"""A batched greedy sampler built on tilert.kernels: softmax over the vocabulary, then argmax
per row, each synced before the next reads its output."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

BATCH, VOCAB = 4, 256


class GreedySampler:
    def __init__(self, batch: int, vocab: int) -> None:
        self.probs = tr.empty((batch, vocab), name="probs")
        self.tokens = tr.zeros((batch,), dtype=tr.i32, name="tokens")

    def __call__(self, logits: tr.Tensor) -> list[int]:
        tk.softmax(self.probs, logits).sync()
        tk.argmax(self.tokens, self.probs).sync()
        return [int(t) for t in self.tokens.to_numpy()]


rng = np.random.default_rng(8)
logits = tr.from_numpy(rng.standard_normal((BATCH, VOCAB)).astype(np.float32), name="logits")
sampler = GreedySampler(BATCH, VOCAB)
tokens = sampler(logits)
assert tokens == [int(t) for t in np.argmax(logits.to_numpy(), axis=1)]
print(tokens)
