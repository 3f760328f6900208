"""A linear recurrent state updated with `state @= w`, ping-ponging two buffers."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


class State:
    def __init__(self, h0: np.ndarray) -> None:
        self.h = tr.from_numpy(h0.astype(np.float32), name="h")
        self.spare = tr.zeros(h0.shape, name="h_next")

    def __imatmul__(self, w: tr.Tensor) -> State:
        tk.gemv(self.spare, w, self.h).sync()
        self.h, self.spare = self.spare, self.h
        return self

    def read(self) -> np.ndarray:
        return self.h.to_numpy()


rng = np.random.default_rng(0)
w_np = (rng.standard_normal((32, 32)) / 8).astype(np.float32)
h0 = rng.standard_normal(32).astype(np.float32)
w = tr.from_numpy(w_np)
state = State(h0)
expect = h0.astype(np.float64)
for _ in range(3):
    state @= w
    expect = w_np @ expect
np.testing.assert_allclose(state.read(), expect, rtol=1e-4, atol=1e-5)
