"""A decode benchmark replaying a captured step; the graph is closed before the sampled token
is read back."""

import time

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 50, 16

rng = np.random.default_rng(3)
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
hidden = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
logits = tr.empty((1, VOCAB))
token = tr.zeros((1,), dtype=tr.i32)

tk.linear(logits, hidden, lm_head).sync()
tk.argmax(token, logits).sync()
with tr.graph() as step:
    step.record(tk.linear(logits, hidden, lm_head))
    step.record(tk.argmax(token, logits))

start = time.perf_counter()
for _ in range(4):
    step.launch().wait()
elapsed = time.perf_counter() - start
step.close()
print(f"{elapsed / 4 * 1e3:.3f} ms/step, token {int(token.to_numpy()[0])}")
