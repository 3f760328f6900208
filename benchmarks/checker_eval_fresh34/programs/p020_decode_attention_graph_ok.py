"""Decode attention captured in a graph so every position replays it: the position lives on
the device and the kernel reads it there."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

Q_HEADS, KV_HEADS, MAX_SEQ, HEAD_DIM = 4, 2, 32, 16

rng = np.random.default_rng(20)
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, HEAD_DIM)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, HEAD_DIM)).astype(np.float32))
q = tr.from_numpy(rng.standard_normal((Q_HEADS, HEAD_DIM)).astype(np.float32))
out = tr.empty((Q_HEADS, HEAD_DIM), name="attn_out")
position = tr.zeros((1,), dtype=tr.i32, name="position")

workspace = tk.decode_workspace_at(q, k_cache)  # allocations stay outside the capture
with tr.graph() as g:
    g.record(tk.decode_attention_at(out, q, k_cache, v_cache, position, workspace=workspace))

for _ in range(3):  # replays; a real decoder's graph also advances `position`
    g.launch().wait()
g.close()
print("attention out", out.to_numpy().shape)
