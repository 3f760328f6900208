"""Layer-by-layer offloaded inference: weights live in host-side tensors and each layer's
weight is copied into a device slot on a side stream one layer ahead of its use."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk

LAYERS, HIDDEN = 4, 64
rng = np.random.default_rng(37)
offloaded = [
    tr.from_numpy((rng.standard_normal((HIDDEN, HIDDEN)) * 0.05).astype(np.float32))
    for _ in range(LAYERS)
]
slots = [tr.empty((HIDDEN, HIDDEN), name=f"slot{i}") for i in range(LAYERS)]
x = tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32))
y = tr.empty((HIDDEN,), name="y")
copy_stream = tr.Stream()

prefetch = copy(slots[0].partition((1, HIDDEN)), offloaded[0]).submit(copy_stream)
prefetch.wait()
for layer in range(LAYERS):
    if layer + 1 < LAYERS:
        nxt = slots[layer + 1].partition((1, HIDDEN))
        prefetch = copy(nxt, offloaded[layer + 1]).submit(copy_stream)
        tk.gemv(y, slots[layer], x).sync()
        prefetch.wait()
    else:
        tk.gemv(y, slots[layer], x).sync()
    x, y = y, x
print("output", x.to_numpy()[:4])
