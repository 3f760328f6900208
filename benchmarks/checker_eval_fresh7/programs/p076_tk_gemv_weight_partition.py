"""A linear layer object over the kernel library; it keeps a tiled view of its weight for the
custom kernels and passes that to tk.gemv too."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Linear:
    def __init__(self, w: np.ndarray) -> None:
        self.w = tr.from_numpy(w, name="W")
        self.w_tiles = self.w.partition((16, 16))
        self.out = tr.zeros((w.shape[0],), name="y")

    def __call__(self, x: tr.Tensor) -> tr.Op:
        return tk.gemv(self.out, self.w_tiles, x)  # expect: TC106


layer = Linear(np.eye(32, dtype=np.float32))
layer(tr.arange(32)).sync()  # expect-also
