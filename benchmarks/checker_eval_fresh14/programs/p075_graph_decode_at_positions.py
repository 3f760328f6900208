"""A flash-decoding step captured with `decode_attention_at` and a workspace made ahead, one
graph per position, each closed before the next position; checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(0)
heads, kv_heads, max_seq, d = 4, 2, 16, 16
q_np = rng.standard_normal((heads, d)).astype(np.float32)
k_np = rng.standard_normal((kv_heads, max_seq, d)).astype(np.float32)
v_np = rng.standard_normal((kv_heads, max_seq, d)).astype(np.float32)
q, k, v = tr.from_numpy(q_np), tr.from_numpy(k_np), tr.from_numpy(v_np)
out = tr.zeros((heads, d))
ws = tk.decode_workspace_at(q, k)
for position in (3, 9):
    pos = tr.from_numpy(np.array([position], np.int32))
    with tr.graph() as g:
        g.record(tk.decode_attention_at(out, q, k, v, pos, workspace=ws))
    g.launch().wait()
    g.close()
    n = position + 1
    kv = np.repeat(np.arange(kv_heads), heads // kv_heads)
    s = np.einsum("hd,hsd->hs", q_np, k_np[kv, :n]) / np.sqrt(d)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    np.testing.assert_allclose(out.to_numpy(), np.einsum("hs,hsd->hd", p, v_np[kv, :n]), atol=1e-4)
