"""A decode step captured in a graph calls the library's decode attention without a workspace
(the library allocates its partial tensors, inside the capture)."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, KV_HEADS, SEQ, D = 4, 2, 32, 16
rng = np.random.default_rng(0)
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, SEQ, D)).astype(np.float32))
out = tr.empty((HEADS, D))

with tr.graph() as g:
    g.record(tk.decode_attention(out, q, k_cache, v_cache, 12))  # expect: TC111
for _ in range(3):
    g.launch().wait()
g.close()
print(out.to_numpy()[0, :4])
