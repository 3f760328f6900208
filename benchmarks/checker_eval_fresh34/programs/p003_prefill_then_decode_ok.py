"""Greedy generation: prefill the prompt, then decode token by token. Each step's logits are
copied into a history buffer on the side; the last step returns early on the stop token."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN, EOS = 128, 32, 67

rng = np.random.default_rng(3)
embed = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))


def generate(prompt: list[int], max_new: int) -> list[int]:
    ids = tr.from_numpy(np.array(prompt, dtype=np.int32))
    hidden = tr.empty((len(prompt), HIDDEN))
    tk.embedding(hidden, embed, ids).sync()  # prefill: embed the prompt
    state = tr.from_numpy(hidden.to_numpy()[-1:].copy())
    logits = tr.empty((1, VOCAB))
    history = [tr.empty((1, VOCAB)) for _ in range(max_new)]
    token = tr.empty((1,), dtype=tr.i32)
    out = []
    for step in range(max_new):
        tk.linear(logits, state, lm_head).sync()
        saved = copy(history[step].partition((1, VOCAB)), logits).submit()
        tk.argmax(token, logits).sync()
        next_id = int(token.to_numpy()[0])
        saved.wait()
        if next_id == EOS:
            return out
        out.append(next_id)
        tk.embedding(state, embed, token).sync()
    return out


print(generate([1, 2, 3, 4], max_new=6))
print(generate([5, 6], max_new=4))
