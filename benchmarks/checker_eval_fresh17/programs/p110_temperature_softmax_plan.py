"""A temperature sampler dataclass hands `tk.softmax` a tile plan of its probabilities."""

from dataclasses import dataclass, field

import numpy as np
from llmspool.host import tiles

import tilert as tr
import tilert.kernels as tk


@dataclass
class Sampler:
    vocab: int
    probs: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        self.probs = tr.empty((1, self.vocab), name="probs")

    def __call__(self, scores: tr.Tensor) -> np.ndarray:
        tk.softmax(tiles(self.probs), scores).sync()  # expect: TC106
        return self.probs.to_numpy()[0]


sampler = Sampler(64)
scores = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32).reshape(1, 64))
print(sampler(scores).sum())  # expect-also
