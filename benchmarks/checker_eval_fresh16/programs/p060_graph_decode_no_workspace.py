"""Decode attention captured in a graph without a workspace made ahead of the capture."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(1)
q = tr.from_numpy(rng.standard_normal((4, 16)).astype(np.float32))
kc = tr.from_numpy(rng.standard_normal((2, 32, 16)).astype(np.float32))
vc = tr.from_numpy(rng.standard_normal((2, 32, 16)).astype(np.float32))
out = tr.empty((4, 16))
with tr.graph() as g:
    g.record(tk.decode_attention(out, q, kc, vc, 12))  # expect: TC111
g.launch().wait()
g.close()
