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

    def _apply(self, inv_t: float) -> np.ndarray:
        K.scale(tiles(self.out), self.logits, inv_t).sync()
        return self.out.to_numpy()

    greedy = functools.partialmethod(_apply, 10.0)
    creative = functools.partialmethod(_apply, 0.7)


base = np.linspace(-2, 2, 64).astype(np.float32)
proc = Temperature(upload(base))
np.testing.assert_allclose(proc.greedy(), base * 10.0, rtol=1e-6)
np.testing.assert_allclose(proc.creative(), base * 0.7, rtol=1e-6)
print("ok")
