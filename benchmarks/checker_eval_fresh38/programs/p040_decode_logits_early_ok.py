"""Greedy generation loop: project the last hidden state and pick the next token on device."""

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
next_id = tr.empty((1,), dtype=tr.i32)

tokens = [3]
for _ in range(4):
    tk.embedding(hidden, emb, ids).sync()
    tk.linear(logits, hidden, lm_head).sync()
    pend = tk.argmax(next_id, logits).submit()
    pend.wait()
    nxt = int(next_id.to_numpy()[0])
    tokens.append(nxt)
    ids.copy_from(np.array([nxt], dtype=np.int32))
print(tokens)
