"""tk.layernorm then tk.softmax submitted in stream order (the softmax reads the unwaited
layernorm output), waited in reverse order."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(4)
xn = rng.standard_normal((4, 64)).astype(np.float32)
x = tr.from_numpy(xn)
w, b = tr.ones((64,)), tr.zeros((64,))
ln = tr.zeros((4, 64))
probs = tr.zeros((4, 64))

p1 = tk.layernorm(ln, x, w, b).submit()
p2 = tk.softmax(probs, ln).submit()
p2.wait()
p1.wait()

h = (xn - xn.mean(1, keepdims=True)) / np.sqrt(xn.var(1, keepdims=True) + 1e-5)
e = np.exp(h - h.max(1, keepdims=True))
assert np.allclose(probs.to_numpy(), e / e.sum(1, keepdims=True), atol=1e-5)
