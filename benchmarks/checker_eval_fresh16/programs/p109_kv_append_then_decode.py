"""KV append through copy ops into cache row views, then decode attention after the waits."""

import numpy as np
from llmquill.host import tiles
from llmquill.kernels import copy

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(14)
kvh, max_seq, d, heads = 2, 16, 16, 4
k_np = np.zeros((kvh, max_seq, d), dtype=np.float32)
v_np = np.zeros((kvh, max_seq, d), dtype=np.float32)
kc, vc = tr.from_numpy(k_np.copy()), tr.from_numpy(v_np.copy())
q = tr.from_numpy(rng.standard_normal((heads, d)).astype(np.float32))
out = tr.empty((heads, d))
for pos in range(3):
    k_new = rng.standard_normal((kvh, d)).astype(np.float32)
    v_new = rng.standard_normal((kvh, d)).astype(np.float32)
    k_np[:, pos], v_np[:, pos] = k_new, v_new
    kn, vn = tr.from_numpy(k_new), tr.from_numpy(v_new)
    pend = [copy(tiles(c[h, pos]), src[h]) for c, src in ((kc, kn), (vc, vn)) for h in range(kvh)]
    tr.zip(*pend).sync()
    tk.decode_attention(out, q, kc, vc, pos + 1).sync()
qn, got = q.to_numpy(), out.to_numpy()
for h in range(heads):
    s = k_np[h // 2, :3] @ qn[h] / np.sqrt(d)
    w = np.exp(s - s.max())
    assert np.allclose(got[h], (w / w.sum()) @ v_np[h // 2, :3], atol=1e-4)
