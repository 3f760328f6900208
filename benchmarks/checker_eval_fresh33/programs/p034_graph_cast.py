"""Capture a mixed-precision step: cast activations to f16, then run softmax on them."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 8, 256
rng = np.random.default_rng(34)
x = tr.from_numpy(rng.standard_normal((ROWS, COLS)).astype(np.float32))
probs = tr.empty((ROWS, COLS), dtype=tr.f16)

with tr.graph() as g:
    x_half = x.astype(tr.f16)  # expect: TC111
    g.record(tk.softmax(probs, x_half))

g.launch().wait()
g.close()
print(np.asarray(probs.to_numpy()).sum(axis=1)[:3])
