"""Capture a decode step's attention into a graph for replay at each position."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

Q_HEADS, KV_HEADS, MAX_SEQ, D = 4, 2, 64, 32
rng = np.random.default_rng(29)
q = tr.from_numpy(rng.standard_normal((Q_HEADS, D)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
position = tr.from_numpy(np.array([10], dtype=np.int32))
out = tr.empty((Q_HEADS, D))
workspace = tk.decode_workspace_at(q, k_cache)

with tr.graph() as g:
    g.record(tk.decode_attention_at(out, q, k_cache, v_cache, position, workspace=workspace))
for _ in range(2):
    g.launch().wait()
g.close()
print(out.to_numpy()[0, :4])
