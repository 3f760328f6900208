# %% a notebook-style SwiGLU MLP with the kernel library
import numpy as np

import tilert as tr
import tilert.kernels as tk

rows, d, ff = 2, 32, 64
rng = np.random.default_rng(5)
x_np = rng.standard_normal((rows, d)).astype(np.float32)
w_gate_up = rng.standard_normal((2 * ff, d)).astype(np.float32) * 0.1
w_down = rng.standard_normal((d, ff)).astype(np.float32) * 0.1

# %%
x = tr.from_numpy(x_np)
gu = tr.empty((rows, 2 * ff))
act = tr.empty((rows, ff))
y = tr.empty((rows, d))
tk.linear(gu, x, tr.from_numpy(w_gate_up)).sync()
tk.silu_and_mul(act, gu).sync()
tk.linear(y, act, tr.from_numpy(w_down)).sync()

# %%
g = x_np @ w_gate_up.T
a = g[:, :ff] / (1 + np.exp(-g[:, :ff])) * g[:, ff:]
assert np.allclose(y.to_numpy(), a @ w_down.T, atol=1e-3)
print("mlp ok")
