"""gpt-fast style decoding: decode_one_token() submits the model step and returns the Pending;
the generate loop waits on it, then reads the new token id and feeds it back."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 96, 32
rng = np.random.default_rng(28)
embed = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
h = tr.empty((1, HIDDEN))
logits = tr.empty((1, VOCAB))
next_id = tr.zeros((1,), dtype=tr.i32, name="next_id")


def decode_one_token(cur: tr.Tensor) -> tr.Pending:
    tk.embedding(h, embed, cur).sync()
    tk.linear(logits, h, lm_head).sync()
    return tk.argmax(next_id, logits).submit()


def generate(prompt_last: int, max_new: int) -> list[int]:
    cur = tr.from_numpy(np.array([prompt_last], dtype=np.int32))
    out = []
    for _ in range(max_new):
        decode_one_token(cur).wait()
        tok = int(next_id.to_numpy()[0])
        out.append(tok)
        cur.copy_from(np.array([tok], dtype=np.int32))
    return out


print(generate(5, 4))
