"""A SwiGLU MLP with the library kernels: gate/up projection, then silu_and_mul, chained."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN, INTER = 4, 128, 256
rng = np.random.default_rng(9)
x_np = rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32)
w_np = (rng.standard_normal((2 * INTER, HIDDEN)) / np.sqrt(HIDDEN)).astype(np.float32)

x = tr.from_numpy(x_np)
w_gate_up = tr.from_numpy(w_np)
gate_up = tr.empty((TOKENS, 2 * INTER), name="gate_up")
act = tr.empty((TOKENS, INTER), name="act")

tk.linear(gate_up, x, w_gate_up).then(lambda *_: tk.silu_and_mul(act, gate_up)).sync()

gu = x_np @ w_np.T
g, u = gu[:, :INTER], gu[:, INTER:]
ref = g / (1 + np.exp(-g)) * u
np.testing.assert_allclose(act.to_numpy(), ref, rtol=2e-3, atol=2e-3)
print("mlp ok", act.shape)
