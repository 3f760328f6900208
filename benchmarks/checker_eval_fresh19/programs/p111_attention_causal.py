"""Causal flash attention for a short prompt, checked against numpy."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(6)
b, h, s, d = 1, 2, 16, 64
qn, kn, vn = (rng.standard_normal((b, h, s, d)).astype(np.float32) for _ in range(3))
out = tr.zeros((b, h, s, d))
tk.attention(out, tr.from_numpy(qn), tr.from_numpy(kn), tr.from_numpy(vn), causal=True).sync()
sc = np.einsum("bhqd,bhkd->bhqk", qn, kn) / np.sqrt(d)
sc = np.where(np.tril(np.ones((s, s), dtype=bool)), sc, -np.inf)
p = np.exp(sc - sc.max(axis=-1, keepdims=True))
p /= p.sum(axis=-1, keepdims=True)
np.testing.assert_allclose(out.to_numpy(), np.einsum("bhqk,bhkd->bhqd", p, vn), atol=1e-4)
print("ok")
