"""Causal flash attention checked against a numpy reference; q, k, v read while nothing writes."""

import numpy as np
from llmloom import host as H

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(7)
b, h, s, d = 1, 2, 8, 16
q_np, k_np, v_np = (rng.standard_normal((b, h, s, d)).astype(np.float32) for _ in range(3))
q, k, v = H.upload(q_np), H.upload(k_np), H.upload(v_np)
out = tr.zeros((b, h, s, d))
pending = tk.attention(out, q, k, v, causal=True).submit()
q_norm = float(np.linalg.norm(q.to_numpy()))
pending.wait()
scores = q_np @ k_np.transpose(0, 1, 3, 2) / np.sqrt(d)
scores = np.where(np.tril(np.ones((s, s), bool)), scores, -np.inf)
p = np.exp(scores - scores.max(-1, keepdims=True))
ref = (p / p.sum(-1, keepdims=True)) @ v_np
assert np.allclose(out.to_numpy(), ref, atol=1e-4) and q_norm > 0
