"""A decode loop replaying a captured step; the sampled token ids are read after each replay's
wait, while the graph (still open) holds them."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 50, 16

rng = np.random.default_rng(3)
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
hidden = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
logits = tr.empty((1, VOCAB))
token = tr.zeros((1,), dtype=tr.i32)

with tr.graph() as step:
    step.record(tk.linear(logits, hidden, lm_head))
    step.record(tk.argmax(token, logits))

generated = []
for _ in range(4):
    step.launch().wait()
    generated.append(int(token.to_numpy()[0]))  # expect: TC102
step.close()
print(generated)
