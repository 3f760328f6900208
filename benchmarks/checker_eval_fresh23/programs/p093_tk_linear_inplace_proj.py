"""Output projection of an attention block, applied to the hidden states in place."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 4, 64


class OutProj:
    def __init__(self, w: np.ndarray) -> None:
        self.w = tr.from_numpy(w)  # [D, D], as checkpoints store it

    def apply_(self, h: tr.Tensor) -> tr.Tensor:
        tk.linear(h, h, self.w).sync()  # expect: TC101
        return h


rng = np.random.default_rng(3)
proj = OutProj((rng.standard_normal((D, D)) / 8).astype(np.float32))
h = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
proj.apply_(h)  # expect-also
