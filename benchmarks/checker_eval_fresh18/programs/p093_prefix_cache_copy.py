"""A prefix cache keyed by prompt hash: on a hit the cached key row is copied into the slot's
row while the decode step's attention still reads that row."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(4)
heads, kv_heads, max_seq, d = 2, 1, 16, 16
k_cache = tr.from_numpy(rng.standard_normal((kv_heads, max_seq, d)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((kv_heads, max_seq, d)).astype(np.float32))
prefix_store: dict[int, np.ndarray] = {hash("You are a helpful"): np.ones((d,), np.float32)}

q = tr.from_numpy(rng.standard_normal((heads, d)).astype(np.float32))
out = tr.empty((heads, d))
ws = tk.decode_workspace(q, k_cache)
attn = tk.decode_attention(out, q, k_cache, v_cache, 8, workspace=ws).submit()
hit = prefix_store.get(hash("You are a helpful"))
if hit is not None:
    k_cache[0, 8].copy_from(hit)  # expect: TC103
attn.wait()
