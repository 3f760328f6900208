"""Causal flash attention against numpy, the inputs read on the host while it runs."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(7)
q_np, k_np, v_np = (rng.standard_normal((1, 2, 8, 16)).astype(np.float32) for _ in range(3))
q, k, v = tr.from_numpy(q_np), tr.from_numpy(k_np), tr.from_numpy(v_np)
out = tr.zeros((1, 2, 8, 16))
pend = tk.attention(out, q, k, v, causal=True).submit()
assert np.array_equal(k.to_numpy(), k_np)  # only read by the op
pend.wait()
s = q_np @ k_np.transpose(0, 1, 3, 2) / 4.0
s = np.where(np.tril(np.ones((8, 8), bool)), s, -np.inf)
p = np.exp(s - s.max(-1, keepdims=True))
p /= p.sum(-1, keepdims=True)
np.testing.assert_allclose(out.to_numpy(), p @ v_np, rtol=1e-4, atol=1e-4)
