"""A decode step captured in a graph with tk.decode_attention and its workspace made ahead;
compared with numpy after close."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

H, KV, S, D, L = 4, 2, 64, 32, 16
rng = np.random.default_rng(5)
qn = rng.standard_normal((H, D)).astype(np.float32)
kn = rng.standard_normal((KV, S, D)).astype(np.float32)
vn = rng.standard_normal((KV, S, D)).astype(np.float32)
q, k_cache, v_cache = tr.from_numpy(qn), tr.from_numpy(kn), tr.from_numpy(vn)
out = tr.zeros((H, D))
ws = tk.decode_workspace(q, k_cache)

with tr.graph() as g:
    g.record(tk.decode_attention(out, q, k_cache, v_cache, L, workspace=ws))
for _ in range(2):
    g.launch().wait()
g.close()

expect = np.zeros((H, D), np.float32)
for h in range(H):
    kv = h // (H // KV)
    s = kn[kv, :L] @ qn[h] / np.sqrt(D)
    p = np.exp(s - s.max())
    expect[h] = (p / p.sum()) @ vn[kv, :L]
assert np.allclose(out.to_numpy(), expect, atol=1e-4)
