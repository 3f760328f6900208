"""Ping-pong buffers swapped right after the submit; the new current buffer is logged
before the wait."""

from __future__ import annotations

from llmdeck.kernels import add

import tilert as tr

N = 64


class Residual:
    def __init__(self) -> None:
        self.cur = tr.zeros((N,))
        self.nxt = tr.zeros((N,))
        self.pending: tr.Pending | None = None

    def step(self, delta: tr.Tensor) -> None:
        self.pending = add(self.nxt.partition((16,)), self.cur, delta).submit()
        self.cur, self.nxt = self.nxt, self.cur
        print("norm", float((self.cur.to_numpy() ** 2).sum()))  # expect: TC102
        self.pending.wait()


Residual().step(tr.ones((N,)))  # expect-also
