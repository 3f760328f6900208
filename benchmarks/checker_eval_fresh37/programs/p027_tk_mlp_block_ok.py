"""One MLP block with tilert.kernels: embed, norm, gate/up projection, SiLU-and-mul, down."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, D, FF, T = 64, 128, 256, 4
rng = np.random.default_rng(7)


def param(*shape):
    return tr.from_numpy((rng.standard_normal(shape) / np.sqrt(shape[-1])).astype(np.float32))


table = param(VOCAB, D)
norm_w = tr.ones((D,))
w_gate_up = param(2 * FF, D)
w_down = param(D, FF)

ids = tr.from_numpy(np.array([1, 5, 9, 2], dtype=np.int32))
h = tr.empty((T, D))
hn = tr.empty((T, D))
gu = tr.empty((T, 2 * FF))
act = tr.empty((T, FF))
out = tr.empty((T, D))

tk.embedding(h, table, ids).sync()
tk.rmsnorm(hn, h, norm_w).sync()
tk.linear(gu, hn, w_gate_up).sync()
tk.silu_and_mul(act, gu).sync()
tk.linear(out, act, w_down).sync()
print("mlp out", out.to_numpy().shape, float(np.abs(out.to_numpy()).mean()))
