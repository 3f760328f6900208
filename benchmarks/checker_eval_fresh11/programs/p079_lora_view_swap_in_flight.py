"""A LoRA delta is swapped into the first rows of the weight (a view) while a decode reads it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 64
w = tr.from_numpy(np.eye(D, dtype=np.float32))
x = tr.from_numpy(np.ones((2, D), np.float32))
y = tr.empty((2, D), dtype=tr.f32)
decode = tk.linear(y, x, w).submit()
delta = np.full((8, D), 0.01, np.float32)
w[0:8].copy_from(delta)  # expect: TC103
decode.wait()
