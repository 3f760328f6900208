"""Greedy head: the logits object hands numpy its data through __array__."""

import numpy as np
from llmpress.host import tiles, upload
from llmpress.kernels import scale

import tilert as tr

VOCAB = 256


class Logits:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,), name="logits")

    def __array__(self, dtype=None, copy=None):
        return self.buf.to_numpy()  # expect: TC102

    def project(self, hidden: tr.Tensor, temperature: float) -> tr.Pending:
        return scale(tiles(self.buf), hidden, 1.0 / temperature).submit()


hidden = upload(np.linspace(-1.0, 1.0, VOCAB))
head = Logits(VOCAB)
pending = head.project(hidden, 0.7)
token = int(np.argmax(head))  # expect-also
pending.wait()
print("next token", token)
