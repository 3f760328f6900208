"""A dataclass building a warm-up op in __post_init__ that nothing ever runs."""

from dataclasses import dataclass, field

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


@dataclass
class Sampler:
    vocab: int
    probs: tr.Tensor = field(init=False)
    warmup: object = field(init=False)

    def __post_init__(self) -> None:
        self.probs = tr.zeros((self.vocab,))
        self.warmup = K.fill(tiles(self.probs), 1.0 / self.vocab)  # expect: TC105

    def sample(self, logits: tr.Tensor) -> int:
        picked = tr.zeros((self.vocab,))
        K.relu(tiles(picked), logits).sync()
        return int(np.argmax(picked.to_numpy()))


s = Sampler(64)  # expect-also
print(s.sample(vec(np.linspace(-1, 1, 64))))
