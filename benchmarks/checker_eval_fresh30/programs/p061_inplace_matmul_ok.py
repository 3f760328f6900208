"""A stack of square linear layers, ping-ponging between two hidden-state buffers."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D, LAYERS = 8, 32, 3
rng = np.random.default_rng(51)
weights = [tr.from_numpy(np.eye(D, dtype=np.float32) * 0.5) for _ in range(LAYERS)]
h = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32), name="h")
h_next = tr.empty((T, D), name="h_next")

for w in weights:
    tk.gemm(h_next, h, w).sync()
    h, h_next = h_next, h
print(float(np.abs(h.to_numpy()).mean()))
