"""A KV cache row is overwritten with copy_from while the attention op over the cache is in
flight."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, SEQ, D = 2, 16, 32
rng = np.random.default_rng(3)
k_cache = tr.from_numpy(rng.standard_normal((HEADS, SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((HEADS, SEQ, D)).astype(np.float32))
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
out = tr.empty((HEADS, D), dtype=tr.f32)
pend = tk.decode_attention(out, q, k_cache, v_cache, 8).submit()
k_cache[:, 8].copy_from(rng.standard_normal((HEADS, D)).astype(np.float32))  # expect: TC103
pend.wait()
