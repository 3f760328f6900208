"""Capture flash-decoding for one layer in a graph."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, KV_HEADS, MAX_SEQ, D = 4, 2, 128, 64
rng = np.random.default_rng(0)
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
out = tr.empty((HEADS, D))

with tr.graph() as g:
    g.record(tk.decode_attention(out, q, k_cache, v_cache, 32))  # expect: TC111
g.launch().wait()
g.close()
print(out.to_numpy()[0, :4])
