"""A stack of square linear layers applied in place to the hidden state."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D, LAYERS = 8, 32, 3
rng = np.random.default_rng(51)
weights = [tr.from_numpy(np.eye(D, dtype=np.float32) * 0.5) for _ in range(LAYERS)]
h = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32), name="h")

for w in weights:
    tk.gemm(h, h, w).sync()  # expect: TC101
print(float(np.abs(h.to_numpy()).mean()))
