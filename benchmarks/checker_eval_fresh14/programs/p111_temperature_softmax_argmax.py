"""Sampling: logits scaled by 1/T (through flat views, waited), then `tk.softmax` and `tk.argmax`
of the scaled logits submitted together and waited in reverse."""

import numpy as np
from llmtide import kernels as K

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(9)
logits_np = rng.standard_normal((2, 16)).astype(np.float32)
logits = tr.from_numpy(logits_np)
scaled = tr.zeros((2, 16))
probs = tr.zeros((2, 16))
ids = tr.zeros((2,), tr.i32)
p1 = K.scale(scaled.reshape(-1).partition((16,)), logits.reshape(-1), 1 / 0.7).submit()
p1.wait()
p2 = tk.softmax(probs, scaled).submit()
p3 = tk.argmax(ids, scaled).submit()
p3.wait()
p2.wait()
e = np.exp(logits_np / 0.7 - (logits_np / 0.7).max(-1, keepdims=True))
np.testing.assert_allclose(probs.to_numpy(), e / e.sum(-1, keepdims=True), rtol=1e-4, atol=1e-6)
assert ids.to_numpy().tolist() == logits_np.argmax(-1).tolist()
