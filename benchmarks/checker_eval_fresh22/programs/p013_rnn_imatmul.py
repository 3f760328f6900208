"""A linear recurrent state updated with `state @= w` (an in-place matrix-vector product)."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


class State:
    def __init__(self, h0: np.ndarray) -> None:
        self.h = tr.from_numpy(h0.astype(np.float32), name="h")

    def __imatmul__(self, w: tr.Tensor) -> State:
        tk.gemv(self.h, w, self.h).sync()  # expect: TC101
        return self

    def read(self) -> np.ndarray:
        return self.h.to_numpy()


rng = np.random.default_rng(0)
w = tr.from_numpy((rng.standard_normal((32, 32)) / 8).astype(np.float32))
state = State(rng.standard_normal(32))
for _ in range(3):
    state @= w  # expect-also
print(state.read()[:4])
