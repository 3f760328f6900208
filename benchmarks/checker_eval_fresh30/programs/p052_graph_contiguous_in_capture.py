"""Capture attention plus the output projection; the head transpose is done inside."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

B, H, S, DH = 1, 2, 8, 16
rng = np.random.default_rng(23)
q, k, v = (tr.from_numpy(rng.standard_normal((B, H, S, DH)).astype(np.float32)) for _ in range(3))
w_o = tr.from_numpy(rng.standard_normal((H * DH, H * DH)).astype(np.float32))
o = tr.empty((B, H, S, DH))
y = tr.empty((S, H * DH))

tk.attention(o, q, k, v, causal=True).sync()
tk.gemm(y, o.permute(0, 2, 1, 3).contiguous().reshape(S, H * DH), w_o).sync()
with tr.graph() as g:
    g.record(tk.attention(o, q, k, v, causal=True))
    o2d = o.permute(0, 2, 1, 3).contiguous().reshape(S, H * DH)  # expect: TC111
    g.record(tk.gemm(y, o2d, w_o))
g.launch().wait()
g.close()
print(y.to_numpy().shape)
