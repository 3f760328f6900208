"""Causal grouped-query attention into its own output, checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(2)
qn = rng.standard_normal((1, 4, 16, 32)).astype(np.float32)
kn = rng.standard_normal((1, 2, 16, 32)).astype(np.float32)
vn = rng.standard_normal((1, 2, 16, 32)).astype(np.float32)
out = tr.empty((1, 4, 16, 32))
tk.attention(out, tr.from_numpy(qn), tr.from_numpy(kn), tr.from_numpy(vn), causal=True).sync()

ref = np.empty_like(qn)
mask = np.tril(np.ones((16, 16), bool))
for h in range(4):
    s = qn[0, h] @ kn[0, h // 2].T / np.sqrt(32)
    s = np.where(mask, s, -np.inf)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    ref[0, h] = (p / p.sum(axis=1, keepdims=True)) @ vn[0, h // 2]
assert np.allclose(out.to_numpy(), ref, atol=1e-4)
