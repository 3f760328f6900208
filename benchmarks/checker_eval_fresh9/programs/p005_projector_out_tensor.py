"""A projector holds its weights and output buffer and scales into the output."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k

import tilert as tr


class Projector:
    def __init__(self, w: np.ndarray, gain: float) -> None:
        self.w = tr.from_numpy(w.astype(np.float32))
        self.gain = gain
        self.out = tr.zeros(self.w.shape)

    def apply(self) -> tr.Tensor[tr.f32]:
        k.scale(self.out, self.w, self.gain).sync()  # expect: TC106
        return self.out


proj = Projector(np.ones(8), 3.0)
print(proj.apply().to_numpy())  # expect-also
