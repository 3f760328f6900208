"""Capture one decode-attention step in a graph with its workspace made ahead (the capture
refuses allocations), replay it, and check it against an eager run."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

Q_HEADS, KV_HEADS, MAX_SEQ, D = 4, 2, 64, 32
rng = np.random.default_rng(0)
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
q = tr.from_numpy(rng.standard_normal((Q_HEADS, D)).astype(np.float32))
out = tr.empty((Q_HEADS, D))
position = tr.from_numpy(np.array([10], dtype=np.int32))
workspace = tk.decode_workspace_at(q, k_cache)

with tr.graph() as g:
    g.record(tk.decode_attention_at(out, q, k_cache, v_cache, position, workspace=workspace))
for _ in range(3):
    g.launch().wait()
g.close()
from_graph = out.to_numpy().copy()
tk.decode_attention(out, q, k_cache, v_cache, 11).sync()
print(np.allclose(from_graph, out.to_numpy(), atol=1e-5))
