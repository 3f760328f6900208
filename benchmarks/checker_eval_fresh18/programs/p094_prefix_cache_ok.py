"""A prefix cache hit copies the cached key row into the slot after the decode attention that
reads the cache was waited; the next step sees the longer prefix."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(4)
heads, kv_heads, max_seq, d = 2, 1, 16, 16
kn = rng.standard_normal((kv_heads, max_seq, d)).astype(np.float32)
k_cache = tr.from_numpy(kn.copy())
v_cache = tr.from_numpy(rng.standard_normal((kv_heads, max_seq, d)).astype(np.float32))
prefix_store = {hash("You are a helpful"): np.ones((d,), np.float32)}

q = tr.from_numpy(rng.standard_normal((heads, d)).astype(np.float32))
out = tr.empty((heads, d))
ws = tk.decode_workspace(q, k_cache)
attn = tk.decode_attention(out, q, k_cache, v_cache, 8, workspace=ws).submit()
k_cache.to_numpy()  # the attention only reads the cache
attn.wait()
hit = prefix_store.get(hash("You are a helpful"))
if hit is not None:
    k_cache[0, 8].copy_from(hit)
tk.decode_attention(out, q, k_cache, v_cache, 9, workspace=ws).sync()
assert np.array_equal(k_cache.to_numpy()[0, 8], np.ones(d))
