"""Medusa-style draft heads: every head projects the same hidden state into its own logits
buffer; the heads run as one op with tr.zip, then each head's argmax is taken."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, HIDDEN, VOCAB = 3, 16, 24

rng = np.random.default_rng(21)
hidden = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
head_w = [
    tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32)) for _ in range(HEADS)
]
head_logits = [tr.empty((1, VOCAB), name=f"head{i}_logits") for i in range(HEADS)]
head_tokens = [tr.zeros((1,), dtype=tr.i32) for _ in range(HEADS)]

tr.zip(*(tk.linear(lg, hidden, w) for lg, w in zip(head_logits, head_w, strict=True))).sync()
pendings = [tk.argmax(tok, lg).submit() for tok, lg in zip(head_tokens, head_logits, strict=True)]
for p in pendings:
    p.wait()
draft = [int(t.to_numpy()[0]) for t in head_tokens]
print("draft tokens", draft)
