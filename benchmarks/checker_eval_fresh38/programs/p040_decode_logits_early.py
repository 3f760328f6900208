"""Greedy generation loop: project the last hidden state and pick the next token."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 64, 32
rng = np.random.default_rng(15)
emb = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32), name="emb")
lm_head = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32), name="lm_head")
hidden = tr.empty((1, D), name="hidden")
logits = tr.empty((1, V), name="logits")
ids = tr.from_numpy(np.array([3], dtype=np.int32))

tokens = [3]
for _ in range(4):
    tk.embedding(hidden, emb, ids).sync()
    pend = tk.linear(logits, hidden, lm_head).submit()
    nxt = int(np.argmax(logits.to_numpy()[0]))  # expect: TC102
    pend.wait()
    tokens.append(nxt)
    ids.copy_from(np.array([nxt], dtype=np.int32))
print(tokens)
