"""Decode with a captured graph: one graph runs the step (norm, LM head, argmax) and is
replayed for every token; the host reads the tokens once the graph is closed:
a graph holds its tensors until then."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB, STEPS = 64, 128, 5

rng = np.random.default_rng(16)
embed = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
norm_w = tr.ones((HIDDEN,))
lm_head = tr.from_numpy((rng.standard_normal((VOCAB, HIDDEN)) * 0.1).astype(np.float32))

state = tr.zeros((1, HIDDEN), name="state")
normed = tr.empty((1, HIDDEN), name="normed")
logits = tr.empty((1, VOCAB), name="logits")
token = tr.zeros((1,), dtype=tr.i32, name="token")

tk.rmsnorm(normed, state, norm_w).sync()  # tune outside the capture
tk.linear(logits, normed, lm_head).sync()
with tr.graph() as g:
    g.record(tk.embedding(state, embed, token))
    g.record(tk.rmsnorm(normed, state, norm_w))
    g.record(tk.linear(logits, normed, lm_head))
    g.record(tk.argmax(token, logits))

for _ in range(STEPS):
    g.launch().wait()
g.close()
generated = [int(token.to_numpy()[0])]  # the last step's token
print("generated", generated)
