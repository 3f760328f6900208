"""Prefill then decode with tilert.kernels, functional style: embedding, a norm and the LM head
for the prompt, then a greedy loop that feeds the last token back, building each step's ops."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 128, 32
rng = np.random.default_rng(5)
embed = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
norm_w = tr.ones((HIDDEN,))
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))


def prefill(prompt: list[int]) -> int:
    ids = tr.from_numpy(np.array(prompt, dtype=np.int32))
    h = tr.empty((len(prompt), HIDDEN))
    hn = tr.empty((len(prompt), HIDDEN))
    logits = tr.empty((len(prompt), VOCAB))
    tk.embedding(h, embed, ids).sync()
    tk.rmsnorm(hn, h, norm_w).sync()
    tk.linear(logits, hn, lm_head).sync()
    return int(logits.to_numpy()[-1].argmax())


def decode(first: int, steps: int) -> list[int]:
    token = tr.from_numpy(np.array([first], dtype=np.int32))
    h, hn, logits = tr.empty((1, HIDDEN)), tr.empty((1, HIDDEN)), tr.empty((1, VOCAB))
    out = [first]
    for _ in range(steps):
        tk.embedding(h, embed, token).sync()
        tk.rmsnorm(hn, h, norm_w).sync()
        tk.linear(logits, hn, lm_head).sync()
        nxt = int(logits.to_numpy()[0].argmax())
        token.copy_from(np.array([nxt], dtype=np.int32))
        out.append(nxt)
    return out


first = prefill([1, 5, 9, 2])
print(decode(first, steps=4))
