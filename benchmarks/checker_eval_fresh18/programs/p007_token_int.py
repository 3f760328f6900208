"""A sampled token wrapper converted with ``int()`` through ``__int__``, which reads the
argmax output before its Pending was waited."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Token:
    def __init__(self, ids: tr.Tensor[tr.i32], pending: tr.Pending) -> None:
        self.ids = ids
        self.pending = pending

    def __int__(self) -> int:
        return int(self.ids.to_numpy()[0])  # expect: TC102

    def settle(self) -> "Token":
        self.pending.wait()
        return self


logits = tr.from_numpy(np.array([[0.1, 2.5, -1.0, 0.3]], dtype=np.float32))
ids = tr.zeros((1,), dtype=tr.i32)
tok = Token(ids, tk.argmax(ids, logits).submit())
vocab = ["<s>", "hello", "world", "</s>"]
print(vocab[int(tok)])  # expect-also
tok.settle()
