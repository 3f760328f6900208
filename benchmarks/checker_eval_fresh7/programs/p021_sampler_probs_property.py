"""A sampler exposes its probability buffer's partition as a property for the fused softmax
kernel; the top-p filter reads the probabilities while the partition is held."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr


class TopPSampler:
    def __init__(self, vocab: int) -> None:
        self.probs = tr.zeros((vocab,), name="probs")

    @property
    def probs_out(self) -> tr.Partition:
        return self.probs.partition((16,))


sampler = TopPSampler(64)
out = sampler.probs_out
keep = np.sort(sampler.probs.to_numpy())[::-1].cumsum() < 0.9  # expect: TC104
K.scale(out, tr.ones((64,)), 1 / 64).sync()
print(int(keep.sum()))
