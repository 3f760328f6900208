"""A sampled token wrapper converted with ``int()`` through ``__int__`` after ``settle()``
waited its argmax."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Token:
    def __init__(self, ids: tr.Tensor[tr.i32], pending: tr.Pending) -> None:
        self.ids = ids
        self.pending = pending

    def __int__(self) -> int:
        return int(self.ids.to_numpy()[0])

    def settle(self) -> "Token":
        self.pending.wait()
        return self


logits = tr.from_numpy(np.array([[0.1, 2.5, -1.0, 0.3]], dtype=np.float32))
ids = tr.zeros((1,), dtype=tr.i32)
tok = Token(ids, tk.argmax(ids, logits).submit()).settle()
vocab = ["<s>", "hello", "world", "</s>"]
assert vocab[int(tok)] == "hello"
