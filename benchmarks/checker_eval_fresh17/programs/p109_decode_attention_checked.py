"""Decode attention over the first `length` cache rows, waited, and checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

H, KVH, SEQ, D, LENGTH = 4, 2, 16, 16, 9
rng = np.random.default_rng(4)
k_np = rng.standard_normal((KVH, SEQ, D)).astype(np.float32)
v_np = rng.standard_normal((KVH, SEQ, D)).astype(np.float32)
q_np = rng.standard_normal((H, D)).astype(np.float32)
out = tr.empty((H, D))
k, v, q = tr.from_numpy(k_np), tr.from_numpy(v_np), tr.from_numpy(q_np)
pending = tk.decode_attention(out, q, k, v, LENGTH).submit()
k_peek = k.to_numpy()[:, 0]  # the cache is only read by the attention
pending.wait()

expect = np.empty((H, D), np.float32)
for h in range(H):
    kv = h // (H // KVH)
    s = k_np[kv, :LENGTH] @ q_np[h] / np.sqrt(D)
    p = np.exp(s - s.max())
    expect[h] = (p / p.sum()) @ v_np[kv, :LENGTH]
assert np.allclose(out.to_numpy(), expect, atol=1e-4)
assert np.array_equal(k_peek, k_np[:, 0])
