"""A sampler keeps its output plan on self; its temperature check reads probs while it is alive."""

import numpy as np
from llmrig import kernels as K

import tilert as tr


class Sampler:
    def __init__(self, probs: tr.Tensor) -> None:
        self.probs = probs
        self.plan = probs.partition((64,))

    def too_flat(self) -> bool:
        return float(np.std(self.probs.to_numpy())) < 1e-3  # expect: TC104

    def sharpen(self, logits: tr.Tensor) -> None:
        K.scale(self.plan, logits, 2.0).sync()


s = Sampler(tr.zeros(128))
if s.too_flat():  # expect-also
    s.sharpen(tr.arange(128))
