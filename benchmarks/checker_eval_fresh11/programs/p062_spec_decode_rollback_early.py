"""Speculative decoding: the cache is rolled back while the verify op still reads it."""

from dataclasses import dataclass

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


@dataclass
class Speculator:
    cache: tr.Tensor
    logits: tr.Tensor

    def verify(self) -> tr.Pending:
        return K.scale(tiles(self.logits), self.cache, 1.0).submit()

    def rollback(self, saved: np.ndarray) -> None:
        self.cache.copy_from(saved)  # expect: TC103


spec = Speculator(tr.arange(128), tr.zeros((128,)))
saved = np.zeros(128, np.float32)
pend = spec.verify()
spec.rollback(saved)  # expect-also
pend.wait()
