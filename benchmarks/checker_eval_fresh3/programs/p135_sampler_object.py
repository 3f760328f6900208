from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Sampler:
    def __init__(self, vocab: int) -> None:
        self.probs = tr.empty((1, vocab))
        self.choice = tr.empty((1,), dtype=tr.i32)

    def greedy(self, logits: tr.Tensor) -> int:
        tk.softmax(self.probs, logits).sync()
        tk.argmax(self.choice, self.probs).sync()
        return int(self.choice.to_numpy()[0])


logits = tr.from_numpy(np.array([[0.1, 2.0, -1.0, 0.5]], dtype=np.float32))
assert Sampler(4).greedy(logits) == 1
print("sampler ok")
