"""A LoRA merge writes a column of w through w.T while tk.linear still reads w."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(1)
x = tr.from_numpy(rng.standard_normal((4, 64)).astype(np.float32))
w = tr.from_numpy(rng.standard_normal((32, 64)).astype(np.float32))
out = tr.zeros((4, 32))
fwd = tk.linear(out, x, w).submit()
w.T[3].copy_from(np.zeros(32, dtype=np.float32))  # expect: TC103
fwd.wait()
