"""Prefill attention with tilert.kernels: causal flash attention, checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

B, H, S, DH = 1, 2, 16, 32
rng = np.random.default_rng(21)
q_np = rng.standard_normal((B, H, S, DH)).astype(np.float32)
k_np = rng.standard_normal((B, H, S, DH)).astype(np.float32)
v_np = rng.standard_normal((B, H, S, DH)).astype(np.float32)
q, k, v = tr.from_numpy(q_np), tr.from_numpy(k_np), tr.from_numpy(v_np)
out = tr.empty((B, H, S, DH))

tk.attention(out, q, k, v, causal=True).sync()
scores = q_np @ k_np.transpose(0, 1, 3, 2) / np.sqrt(DH)
scores = scores + np.triu(np.full((S, S), -np.inf), 1)
probs = np.exp(scores - scores.max(-1, keepdims=True))
probs /= probs.sum(-1, keepdims=True)
np.testing.assert_allclose(out.to_numpy(), probs @ v_np, rtol=1e-3, atol=1e-4)
print("attention ok", out.shape)
