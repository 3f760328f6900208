"""Sampling for a batch: per-request temperatures applied by a tr.zip of scale ops, then
tk.softmax and tk.argmax submitted in stream order and waited together."""

import numpy as np
from llmserve import kernels as K

import tilert as tr
import tilert.kernels as tk

B, V = 3, 64
rng = np.random.default_rng(21)
logits_n = rng.standard_normal((B, V)).astype(np.float32)
temps = [0.7, 1.0, 1.3]
logits = tr.from_numpy(logits_n)
scaled = tr.zeros((B, V))
probs = tr.zeros((B, V))
ids = tr.zeros((B,), dtype=tr.i32)

tr.zip(
    *(K.scale(scaled[b].partition((64,)), logits[b], 1.0 / t) for b, t in enumerate(temps))
).sync()
pendings = [tk.softmax(probs, scaled).submit(), tk.argmax(ids, scaled).submit()]
for p in pendings:
    p.wait()

assert list(ids.to_numpy()) == list(np.argmax(logits_n, axis=1))
assert np.allclose(probs.to_numpy().sum(axis=1), 1.0, atol=1e-5)
