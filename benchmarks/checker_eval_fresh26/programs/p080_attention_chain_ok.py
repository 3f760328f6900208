"""Attention followed by a per-head output projection, as one `.then` chain; then a tr.zip of
two independent row kernels on the result."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

B, H, S, D = 1, 4, 32, 16
rng = np.random.default_rng(0)


def rand(*shape: int) -> tr.Tensor:
    return tr.from_numpy(rng.standard_normal(shape).astype(np.float32))


q, k, v = rand(B, H, S, D), rand(B, H, S, D), rand(B, H, S, D)
o = tr.empty((B, H, S, D), dtype=tr.f32, name="attn_out")
w_o = rand(D, D)
y = tr.empty((H * S, D), dtype=tr.f32, name="y")

o_rows = o.reshape(H * S, D)  # a view: every (head, position) row
tk.attention(o, q, k, v, causal=True).then(lambda *_: tk.gemm(y, o_rows, w_o)).sync()

probs, normed = tr.empty((H * S, D), dtype=tr.f32), tr.empty((H * S, D), dtype=tr.f32)
tr.zip(tk.softmax(probs, y), tk.rmsnorm(normed, y, tr.ones((D,)))).sync()
print(float(probs.to_numpy().sum()), float(normed.to_numpy()[0, 0]))
