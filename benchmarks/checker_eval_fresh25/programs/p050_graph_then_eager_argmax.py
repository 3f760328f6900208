"""Replay the captured forward, then sample eagerly from its logits."""

import numpy as np
from llmquay import scale

import tilert as tr
import tilert.kernels as tk

VOCAB = 512
hidden = tr.from_numpy(np.linspace(-1, 1, VOCAB, dtype=np.float32).reshape(1, VOCAB))
logits = tr.empty((1, VOCAB), name="logits")
next_id = tr.zeros((1,), dtype=tr.i32)

with tr.graph() as g:
    g.record(scale(logits.partition((1, VOCAB)), hidden, 10.0))

tokens = []
for _ in range(3):
    g.launch().wait()
    tk.argmax(next_id, logits).sync()  # expect: TC102
    tokens.append(int(next_id.to_numpy()[0]))
g.close()
print(tokens)
