"""Residual block with ping-pong buffers: the buffers are swapped only after the op that
writes the next one was waited."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import add

import tilert as tr

N = 64


class Residual:
    def __init__(self, x0: tr.Tensor) -> None:
        self.cur = x0
        self.nxt = tr.zeros((N,))

    def step(self, delta: tr.Tensor) -> None:
        p = add(self.nxt.partition((16,)), self.cur, delta).submit()
        p.wait()
        self.cur, self.nxt = self.nxt, self.cur


block = Residual(tr.zeros((N,)))
one = tr.ones((N,))
for _ in range(5):
    block.step(one)
assert np.allclose(block.cur.to_numpy(), 5.0)
