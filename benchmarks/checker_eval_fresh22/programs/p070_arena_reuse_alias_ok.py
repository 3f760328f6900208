"""A tiny activation arena that recycles freed buffers between layers, releasing after use."""

from __future__ import annotations

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Arena:
    def __init__(self, n: int) -> None:
        self.n = n
        self.free: list[tr.Tensor] = []
        self.made = 0

    def alloc(self) -> tr.Tensor:
        if self.free:
            return self.free.pop()
        self.made += 1
        return tr.zeros((self.n,), name=f"act{self.made}")

    def release(self, t: tr.Tensor) -> None:
        self.free.append(t)


def mlp(x: tr.Tensor, gates: list[tr.Tensor], arena: Arena) -> tr.Tensor:
    h = x
    for gate in gates:
        out = arena.alloc()
        K.mul(tiles(out), h, gate).sync()
        if h is not x:
            arena.release(h)  # the launch that read it has completed
        h = out
    return h


arena = Arena(64)
y = mlp(upload(np.ones(64)), [upload(np.full(64, 0.5))] * 3, arena)
assert (y.to_numpy() == 0.125).all()
assert arena.made == 2
