"""Capture a half-precision logits projection step."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 64, 256
rng = np.random.default_rng(2)
h = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
w = tr.from_numpy((rng.standard_normal((HIDDEN, VOCAB)) / 8).astype(np.float16))
logits = tr.empty((1, VOCAB), dtype=tr.f16)

with tr.graph() as g:
    h16 = h.astype(tr.f16)  # expect: TC111
    g.record(tk.gemm(logits, h16, w))
g.launch().wait()
g.close()
print(logits.to_numpy()[0, :4])
