"""Check flash attention (causal, grouped-query heads) against a numpy reference."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def reference(q: np.ndarray, k: np.ndarray, v: np.ndarray, causal: bool) -> np.ndarray:
    heads, kv_heads = q.shape[1], k.shape[1]
    k = np.repeat(k, heads // kv_heads, axis=1)
    v = np.repeat(v, heads // kv_heads, axis=1)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(q.shape[-1])
    if causal:
        mask = np.triu(np.ones(s.shape[-2:], dtype=bool), 1)
        s = np.where(mask, -np.inf, s)
    p = np.exp(s - s.max(-1, keepdims=True))
    return (p / p.sum(-1, keepdims=True)) @ v


def check(batch: int, heads: int, kv_heads: int, seq: int, d: int, causal: bool) -> float:
    rng = np.random.default_rng(seq + d)
    q_np = rng.standard_normal((batch, heads, seq, d)).astype(np.float32)
    k_np = rng.standard_normal((batch, kv_heads, seq, d)).astype(np.float32)
    v_np = rng.standard_normal((batch, kv_heads, seq, d)).astype(np.float32)
    q, k, v = tr.from_numpy(q_np), tr.from_numpy(k_np), tr.from_numpy(v_np)
    out = tr.empty(q.shape)
    tk.attention(out, q, k, v, causal=causal).sync()
    return float(np.abs(out.to_numpy() - reference(q_np, k_np, v_np, causal)).max())


for causal in (False, True):
    err = check(1, 4, 2, 64, 32, causal)
    print(f"attention causal={causal}: max err {err:.2e}")
