"""Greedy decoding with a tied LM head: project the hidden state, pick the next token."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, D = 512, 64


def decode(steps: int) -> list[int]:
    rng = np.random.default_rng(49)
    table_np = (rng.standard_normal((VOCAB, D)) / np.sqrt(D)).astype(np.float32)
    table = tr.from_numpy(table_np)
    logits = tr.empty((VOCAB,))
    token = 0
    tokens = []
    for _ in range(steps):
        hidden = tr.from_numpy(table_np[token] * 2.0)
        pend = tk.gemv(logits, table, hidden).submit()
        token = int(np.argmax(logits.to_numpy()))  # expect: TC102
        pend.wait()
        tokens.append(token)
    return tokens


print(decode(4))  # expect-also: TC102
