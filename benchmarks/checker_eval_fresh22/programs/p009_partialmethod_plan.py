"""A logit processor whose presets are functools.partialmethod's over one launcher."""

import functools

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Temperature:
    def __init__(self, logits: tr.Tensor) -> None:
        self.logits = logits
        self.out = tr.zeros(logits.shape, name="scaled")
        self.plan = tiles(self.out)

    def _apply(self, inv_t: float) -> np.ndarray:
        K.scale(self.plan, self.logits, inv_t).sync()  # expect: TC109
        return self.out.to_numpy()

    greedy = functools.partialmethod(_apply, 10.0)
    creative = functools.partialmethod(_apply, 0.7)


proc = Temperature(upload(np.linspace(-2, 2, 64)))
print(proc.greedy()[:3])
print(proc.creative()[:3])  # expect-also
