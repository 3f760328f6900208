"""Decode-time GEMVs with an L2 prefetch hint for the next layer's weights, issued on a side
stream while the current layer's GEMV runs."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

LAYERS, HIDDEN = 3, 64
rng = np.random.default_rng(49)
weights = [
    tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.05).astype(np.float32))
    for _ in range(LAYERS)
]
side = tr.Stream()
x = tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32))
y = tr.empty((HIDDEN,), name="y")

for i, w in enumerate(weights):
    if i + 1 < LAYERS:
        tk.prefetch_l2(weights[i + 1]).submit(side)  # expect: TC108
    tk.gemv(y, w, x).sync()
    x, y = y, x
print("out", x.to_numpy()[:4])
