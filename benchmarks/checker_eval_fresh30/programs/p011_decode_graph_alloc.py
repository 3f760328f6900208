"""Capture one decode step in a CUDA graph and replay it per token."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D, VOCAB = 64, 256
rng = np.random.default_rng(5)
w_norm = tr.ones((D,))
lm_head = tr.from_numpy(rng.standard_normal((D, VOCAB)).astype(np.float32) / 8)
hidden = tr.from_numpy(rng.standard_normal((1, D)).astype(np.float32))
normed = tr.empty((1, D))
next_id = tr.empty((1,), dtype=tr.i32)

tk.rmsnorm(normed, hidden, w_norm).sync()  # tune outside the capture
with tr.graph() as g:
    g.record(tk.rmsnorm(normed, hidden, w_norm))
    logits = tr.empty((1, VOCAB))  # expect: TC111
    g.record(tk.gemm(logits, normed, lm_head))
    g.record(tk.argmax(next_id, logits))

for _ in range(3):
    g.launch().wait()
g.close()
print(int(next_id.to_numpy()[0]))
