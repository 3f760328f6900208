"""Greedy decoding with the library kernels: embed, project to the vocabulary, argmax."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, D = 64, 32


def generate(prompt_id: int, steps: int) -> list[int]:
    rng = np.random.default_rng(0)
    table = tr.from_numpy(rng.standard_normal((VOCAB, D)).astype(np.float32))
    lm_head = tr.from_numpy(rng.standard_normal((VOCAB, D)).astype(np.float32))
    ids = tr.from_numpy(np.array([prompt_id], dtype=np.int32))
    hidden = tr.empty((1, D), name="hidden")
    logits = tr.empty((1, VOCAB), name="logits")
    next_id = tr.zeros((1,), dtype=tr.i32)

    out = [prompt_id]
    for _ in range(steps):
        tk.embedding(hidden, table, ids).sync()
        tk.linear(logits, hidden, lm_head).sync()
        tk.argmax(next_id, logits).sync()
        token = int(next_id.to_numpy()[0])
        out.append(token)
        ids.copy_from(np.array([token], dtype=np.int32))
    return out


tokens = generate(3, 5)
assert len(tokens) == 6 and all(0 <= t < VOCAB for t in tokens)
print(tokens)
