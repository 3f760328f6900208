"""An MLP block with tk.linear and tk.silu_and_mul, one `.then` chain, checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

M, D, H = 4, 32, 64
rng = np.random.default_rng(9)
xh = rng.standard_normal((M, D)).astype(np.float32)
w_up_h = (rng.standard_normal((2 * H, D)) / np.sqrt(D)).astype(np.float32)
w_down_h = (rng.standard_normal((D, H)) / np.sqrt(H)).astype(np.float32)
x, w_up, w_down = tr.from_numpy(xh), tr.from_numpy(w_up_h), tr.from_numpy(w_down_h)
gate_up = tr.empty((M, 2 * H), dtype=tr.f32)
act = tr.empty((M, H), dtype=tr.f32)
y = tr.empty((M, D), dtype=tr.f32)
(
    tk.linear(gate_up, x, w_up)
    .then(lambda *_: tk.silu_and_mul(act, gate_up))
    .then(lambda *_: tk.linear(y, act, w_down))
    .sync()
)
gu = xh @ w_up_h.T
g, u = gu[:, :H], gu[:, H:]
ref = (g / (1 + np.exp(-g)) * u) @ w_down_h.T
np.testing.assert_allclose(y.to_numpy(), ref, rtol=1e-3, atol=1e-3)
