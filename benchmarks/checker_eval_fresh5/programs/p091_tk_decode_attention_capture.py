"""Decode attention recorded in a graph without a workspace made ahead."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, KV_HEADS, SEQ, D = 2, 1, 32, 16
rng = np.random.default_rng(0)
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
k = tr.from_numpy(rng.standard_normal((KV_HEADS, SEQ, D)).astype(np.float32))
v = tr.from_numpy(rng.standard_normal((KV_HEADS, SEQ, D)).astype(np.float32))
out = tr.empty((HEADS, D))
with tr.graph() as g:
    g.record(tk.decode_attention(out, q, k, v, 8))  # expect: TC111
g.launch().wait()
g.close()
