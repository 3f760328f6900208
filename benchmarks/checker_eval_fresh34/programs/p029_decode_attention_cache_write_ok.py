"""One decode step of attention with a KV cache: attention over the cached positions is
submitted, and the new token's key is appended to the cache once attention has read it."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk

Q_HEADS, KV_HEADS, MAX_SEQ, HEAD_DIM = 4, 2, 16, 32

rng = np.random.default_rng(29)
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, HEAD_DIM)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, HEAD_DIM)).astype(np.float32))
q = tr.from_numpy(rng.standard_normal((Q_HEADS, HEAD_DIM)).astype(np.float32))
k_new = tr.from_numpy(rng.standard_normal((KV_HEADS, HEAD_DIM)).astype(np.float32))
out = tr.empty((Q_HEADS, HEAD_DIM), name="attn_out")
length = 6

attn = tk.decode_attention(out, q, k_cache, v_cache, length).submit()
attn.wait()
copy(k_cache[:, length].partition((1, HEAD_DIM)), k_new).sync()
print("out", out.to_numpy().shape, "cached key row", k_cache.to_numpy()[0, length, :3])
