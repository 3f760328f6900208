"""Attention reads layer 0 of the cache while the prefill writes the whole cache again."""

import numpy as np
from llmquill import copy

import tilert as tr
import tilert.kernels as tk

LAYERS, KV_HEADS, SEQ, D = 2, 2, 16, 32
rng = np.random.default_rng(12)
k_cache = tr.zeros((LAYERS, 1, KV_HEADS, SEQ, D), name="k_cache")
v_cache = tr.zeros((LAYERS, 1, KV_HEADS, SEQ, D), name="v_cache")
q = tr.from_numpy(rng.standard_normal((1, KV_HEADS, SEQ, D)).astype(np.float32))
fresh = tr.from_numpy(rng.standard_normal((LAYERS * KV_HEADS * SEQ * D,)).astype(np.float32))
o = tr.empty((1, KV_HEADS, SEQ, D))

attn = tk.attention(o, q, k_cache[0], v_cache[0], causal=True).submit()
flat_k = k_cache.reshape(LAYERS * KV_HEADS * SEQ * D)
copy(flat_k.partition((1024,)), fresh).sync()  # expect: TC103
attn.wait()
print(o.to_numpy().shape)
