"""Decode attention with the library's decode_attention_at captured in a graph: the workspace
is made ahead (a capture refuses allocations), the position tensor is written on the host before
each capture, and each graph is closed in `finally` before its output is read."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, KV_HEADS, D, MAX_SEQ = 4, 2, 16, 32
rng = np.random.default_rng(0)
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
out = tr.zeros((HEADS, D), name="attn_out")
position = tr.zeros((1,), dtype=tr.i32, name="position")
workspace = tk.decode_workspace_at(q, k_cache)

results = []
for pos in (3, 7, 11):
    position.copy_from(np.array([pos], dtype=np.int32))
    with tr.graph() as g:
        g.record(tk.decode_attention_at(out, q, k_cache, v_cache, position, workspace=workspace))
    try:
        g.launch().wait()
    finally:
        g.close()
    results.append(out.to_numpy().copy())

assert not np.allclose(results[0], results[2])
print("decode positions ok", [r.shape for r in results])
