"""Output projection of an attention block, written to a second buffer then swapped in."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 4, 64


class OutProj:
    def __init__(self, w: np.ndarray) -> None:
        self.w = tr.from_numpy(w)  # [D, D], as checkpoints store it
        self.spare = tr.empty((T, D))

    def apply_(self, h: tr.Tensor) -> tr.Tensor:
        out, self.spare = self.spare, h
        tk.linear(out, h, self.w).sync()
        return out


rng = np.random.default_rng(3)
w = (rng.standard_normal((D, D)) / 8).astype(np.float32)
h0 = rng.standard_normal((T, D)).astype(np.float32)
proj = OutProj(w)
h = proj.apply_(tr.from_numpy(h0))
np.testing.assert_allclose(h.to_numpy(), h0 @ w.T, rtol=1e-4, atol=1e-4)
