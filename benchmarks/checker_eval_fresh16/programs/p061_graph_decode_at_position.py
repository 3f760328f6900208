"""decode_attention_at captured with its workspace made ahead, replayed, closed, then checked."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(2)
heads, kvh, max_seq, d = 4, 2, 32, 16
q = tr.from_numpy(rng.standard_normal((heads, d)).astype(np.float32))
k_np = rng.standard_normal((kvh, max_seq, d)).astype(np.float32)
v_np = rng.standard_normal((kvh, max_seq, d)).astype(np.float32)
kc, vc = tr.from_numpy(k_np), tr.from_numpy(v_np)
p = 10
pos = tr.from_numpy(np.array([p], dtype=np.int32))
out = tr.empty((heads, d))
ws = tk.decode_workspace_at(q, kc)
with tr.graph() as g:
    g.record(tk.decode_attention_at(out, q, kc, vc, pos, workspace=ws))
for _ in range(3):
    g.launch().wait()
g.close()
qn, got = q.to_numpy(), out.to_numpy()
for h in range(heads):
    s = k_np[h // 2, : p + 1] @ qn[h] / np.sqrt(d)
    w = np.exp(s - s.max())
    ref = (w / w.sum()) @ v_np[h // 2, : p + 1]
    assert np.allclose(got[h], ref, atol=1e-4)
