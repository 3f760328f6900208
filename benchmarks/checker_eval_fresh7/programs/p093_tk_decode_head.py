"""A decode head with the kernel library: embedding lookup, RMSNorm, softmax over logits from a
GEMV per row, argmax. Each op synced before the next host use."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 32, 64
rng = np.random.default_rng(3)
table = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32), name="embed")
ids = tr.from_numpy(np.array([3, 17], dtype=np.int32))
h = tr.zeros((2, D), name="h")
hn = tr.zeros((2, D), name="hn")
norm_w = tr.ones((D,))
lm_head = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32), name="lm_head")
logits = tr.zeros((2, V), name="logits")
probs = tr.zeros((2, V), name="probs")
best = tr.zeros((2,), dtype=tr.i32, name="best")

tk.embedding(h, table, ids).sync()
tk.rmsnorm(hn, h, norm_w).sync()
for row in range(2):
    tk.gemv(logits[row], lm_head, hn[row]).sync()
tk.softmax(probs, logits).then(lambda *_: tk.argmax(best, probs)).sync()
assert np.allclose(probs.to_numpy().sum(axis=1), 1.0, atol=1e-5)
print(best.to_numpy())
