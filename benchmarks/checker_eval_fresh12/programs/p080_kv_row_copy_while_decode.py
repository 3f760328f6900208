"""A new key row written with a copy kernel into the cache row while tk.decode_attention still
reads the cache."""

import numpy as np
from llmserve import kernels as K

import tilert as tr
import tilert.kernels as tk

H, KV, S, D = 2, 1, 32, 64
rng = np.random.default_rng(9)
q = tr.from_numpy(rng.standard_normal((H, D)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((KV, S, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV, S, D)).astype(np.float32))
new_k = tr.from_numpy(rng.standard_normal(D).astype(np.float32))
out = tr.zeros((H, D))

attn = tk.decode_attention(out, q, k_cache, v_cache, 8).submit()
K.copy(k_cache[0, 8].partition((64,)), new_k).sync()  # expect: TC103
attn.wait()
