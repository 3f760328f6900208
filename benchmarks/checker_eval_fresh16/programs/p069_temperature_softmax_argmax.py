"""Temperature scaling, softmax and argmax in stream order, read once at the end."""

import numpy as np
from llmquill.kernels import scale

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(4)
raw = rng.standard_normal((3, 64)).astype(np.float32)
logits = tr.from_numpy(raw)
scaled, probs = tr.empty((3, 64)), tr.empty((3, 64))
tokens = tr.zeros((3,), dtype=tr.i32)
pendings = [
    scale(scaled.partition((1, 64)), logits, 1.0 / 0.7).submit(),
]
pendings.append(tk.softmax(probs, scaled).submit())
pendings.append(tk.argmax(tokens, probs).submit())
for p in pendings:
    p.wait()
e = np.exp(raw / 0.7 - (raw / 0.7).max(axis=1, keepdims=True))
assert np.allclose(probs.to_numpy(), e / e.sum(axis=1, keepdims=True), atol=1e-5)
assert np.array_equal(tokens.to_numpy(), raw.argmax(axis=1))
