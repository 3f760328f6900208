"""Prompt prefill writing K and V straight into cache rows through permuted views."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

heads, kv_heads, d, rows, max_seq = 4, 2, 16, 3, 8
rng = np.random.default_rng(9)
qkv = tr.from_numpy(rng.standard_normal((rows, (heads + 2 * kv_heads) * d)).astype(np.float32))
q_w = tr.from_numpy(np.ones(d, dtype=np.float32))
k_w = tr.from_numpy(np.ones(d, dtype=np.float32))
positions = tr.from_numpy(np.arange(rows, dtype=np.int32))
q_out = tr.zeros((rows, heads, d), name="q")
k_cache = tr.zeros((kv_heads, max_seq, d), name="k_cache")
v_cache = tr.zeros((kv_heads, max_seq, d), name="v_cache")
k_out = k_cache[:, :rows].permute(1, 0, 2)
v_out = v_cache[:, :rows].permute(1, 0, 2)
pending = tk.qk_norm_rope(q_out, k_out, v_out, qkv, q_w, k_w, positions).submit()
tail = k_cache[:, rows:].to_numpy()  # rows past the prompt are not written
pending.wait()
assert not tail.any()
v_expect = qkv.to_numpy()[:, (heads + kv_heads) * d :].reshape(rows, kv_heads, d)
np.testing.assert_allclose(v_cache.to_numpy()[:, :rows].transpose(1, 0, 2), v_expect, rtol=1e-6)
