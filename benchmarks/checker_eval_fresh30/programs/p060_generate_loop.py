"""Greedy generation in the style of gpt-fast: one token per step, ids appended on the host."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, D = 96, 32
rng = np.random.default_rng(50)
embed = tr.from_numpy(rng.standard_normal((VOCAB, D)).astype(np.float32))
lm_head = tr.from_numpy(rng.standard_normal((D, VOCAB)).astype(np.float32))


def generate(prompt: list[int], max_new_tokens: int) -> list[int]:
    tokens = list(prompt)
    h = tr.empty((1, D))
    logits = tr.empty((1, VOCAB))
    next_id = tr.empty((1,), dtype=tr.i32)
    for _ in range(max_new_tokens):
        ids = tr.from_numpy(np.array([tokens[-1]], dtype=np.int32))
        tk.embedding(h, embed, ids).sync()
        tk.gemm(logits, h, lm_head).sync()
        pending = tk.argmax(next_id, logits).submit()
        tokens.append(int(next_id.to_numpy()[0]))  # expect: TC102
        pending.wait()
    return tokens


print(generate([1, 2, 3], 4))
