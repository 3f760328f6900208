"""One decode-attention op captured with `tk.decode_attention_at` and a workspace made ahead; the
host copies each new position into the device position tensor between replays, while the open
graph still holds it."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(4)
heads, d, max_seq = 2, 64, 64
kc = rng.standard_normal((heads, max_seq, d)).astype(np.float32)
vc = rng.standard_normal((heads, max_seq, d)).astype(np.float32)
qn = rng.standard_normal((heads, d)).astype(np.float32)
q, k_cache, v_cache = tr.from_numpy(qn), tr.from_numpy(kc), tr.from_numpy(vc)
out = tr.zeros((heads, d))
position = tr.from_numpy(np.zeros(1, dtype=np.int32))
ws = tk.decode_workspace_at(q, k_cache)
with tr.graph() as g:
    g.record(tk.decode_attention_at(out, q, k_cache, v_cache, position, workspace=ws))
results = {}
for pos in (3, 17):
    position.copy_from(np.array([pos], dtype=np.int32))  # expect: TC103
    g.launch().wait()
    results[pos] = None
g.close()
s = np.einsum("hd,hsd->hs", qn, kc[:, :18]) / np.sqrt(d)
p = np.exp(s - s.max(axis=1, keepdims=True))
p /= p.sum(axis=1, keepdims=True)
np.testing.assert_allclose(out.to_numpy(), np.einsum("hs,hsd->hd", p, vc[:, :18]), atol=1e-4)
print("ok")
