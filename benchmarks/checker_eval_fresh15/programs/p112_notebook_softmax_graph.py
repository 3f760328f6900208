"""Notebook cells: capture tk.softmax and tk.argmax once, replay per step, inspect after close."""

# %%
import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(11)
scores_np = rng.standard_normal((4, 32)).astype(np.float32)
scores = tr.from_numpy(scores_np)
probs = tr.zeros((4, 32))
tok = tr.zeros((4,), dtype=tr.i32)

# %%
with tr.graph() as g:
    g.record(tk.softmax(probs, scores))
    g.record(tk.argmax(tok, probs))

# %%
for _ in range(3):
    g.launch().wait()
g.close()

# %%
e = np.exp(scores_np - scores_np.max(axis=1, keepdims=True))
assert np.allclose(probs.to_numpy(), e / e.sum(axis=1, keepdims=True), atol=1e-5)
assert np.array_equal(tok.to_numpy(), scores_np.argmax(axis=1))
