"""Greedy sampling with the library kernels: logits = h @ W, probs = softmax(logits); the next
position's logits are computed into the same buffer."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

BATCH, HIDDEN, VOCAB = 8, 64, 512
rng = np.random.default_rng(11)

w_out = tr.from_numpy((rng.standard_normal((HIDDEN, VOCAB)) / 8).astype(np.float32))
hs = [tr.from_numpy(rng.standard_normal((BATCH, HIDDEN)).astype(np.float32)) for _ in range(3)]
logits = tr.empty((BATCH, VOCAB), name="logits")
probs = tr.empty((BATCH, VOCAB), name="probs")

tk.gemm(logits, hs[0], w_out).sync()
picked = []
for pos in range(1, 3):
    sm = tk.softmax(probs, logits).submit()
    tk.gemm(logits, hs[pos], w_out).sync()  # expect: TC103
    sm.wait()
    picked.append(probs.to_numpy().argmax(axis=1))
print(picked)
