"""Gate and up projections zipped into one op; the zip is built but never run."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D, F = 8, 32, 64
rng = np.random.default_rng(3)
x = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32))
w_gate = tr.from_numpy(rng.standard_normal((D, F)).astype(np.float32))
w_up = tr.from_numpy(rng.standard_normal((D, F)).astype(np.float32))
gate, up = tr.empty((T, F)), tr.empty((T, F))

both = tr.zip(tk.gemm(gate, x, w_gate), tk.gemm(up, x, w_up))  # expect: TC105
print("built", T, F)
