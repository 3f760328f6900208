"""Attention pre-processing for a prompt: project q and k, apply rotary embeddings, then
attention. The rotary step writes
into buffers of its own (a kernel may not read what it writes)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HEAD_DIM = 8, 2, 16
HIDDEN = HEADS * HEAD_DIM

rng = np.random.default_rng(12)
x = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
wq = tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.1).astype(np.float32))
wk = tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.1).astype(np.float32))
positions = tr.from_numpy(np.arange(SEQ, dtype=np.int32))

q = tr.empty((SEQ, HIDDEN), name="q")
k = tr.empty((SEQ, HIDDEN), name="k")
q_rot = tr.empty((SEQ, HEADS, HEAD_DIM), name="q_rot")
k_rot = tr.empty((SEQ, HEADS, HEAD_DIM), name="k_rot")
tk.linear(q, x, wq).sync()
tk.linear(k, x, wk).sync()

tk.rope(q_rot, q.reshape(SEQ, HEADS, HEAD_DIM), positions).sync()
tk.rope(k_rot, k.reshape(SEQ, HEADS, HEAD_DIM), positions).sync()

out = tr.empty((1, HEADS, SEQ, HEAD_DIM), name="attn_out")
q_bhsd = q_rot.permute(1, 0, 2).contiguous().reshape(1, HEADS, SEQ, HEAD_DIM)
k_bhsd = k_rot.permute(1, 0, 2).contiguous().reshape(1, HEADS, SEQ, HEAD_DIM)
tk.attention(out, q_bhsd, k_bhsd, k_bhsd, causal=True).sync()
print("attention out", out.to_numpy().shape, float(np.abs(out.to_numpy()).mean()))
