"""A decode loop on tilert.kernels: the LM head GEMV over the hidden state is submitted, and
the next token's embedding is written into the same hidden buffer before it is waited."""

import numpy as np
from llmcraft import copy

import tilert as tr
import tilert.kernels as tk

D, VOCAB = 128, 256

rng = np.random.default_rng(24)
lm_head = tr.from_numpy((rng.standard_normal((VOCAB, D)) / 8).astype(np.float32), name="lm_head")
table = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(VOCAB)]
hidden = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="hidden")
logits = tr.empty((VOCAB,), name="logits")

tokens = []
for _step in range(2):
    head = tk.gemv(logits, lm_head, hidden).submit()
    guess = len(tokens) % VOCAB
    copy(hidden.partition((64,)), table[guess]).sync()  # expect: TC103
    head.wait()
    tokens.append(int(np.argmax(logits.to_numpy())))
print(tokens)
