"""A logits head calling tk.gemv with a partition of its output, as a hand-written kernel wants."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 128, 64
rng = np.random.default_rng(1)
w = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32))
h = tr.from_numpy(rng.standard_normal(D).astype(np.float32))
logits = tr.zeros((V,))
tk.gemv(logits.partition((64,)), w, h).sync()  # expect: TC106
print(int(np.argmax(logits.to_numpy())))
