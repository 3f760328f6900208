"""A tiny activation arena that recycles freed buffers between layers."""

from __future__ import annotations

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Arena:
    def __init__(self, n: int) -> None:
        self.n = n
        self.free: list[tr.Tensor] = []

    def alloc(self) -> tr.Tensor:
        return self.free.pop() if self.free else tr.zeros((self.n,), name="act")

    def release(self, t: tr.Tensor) -> None:
        self.free.append(t)


def mlp(x: tr.Tensor, gates: list[tr.Tensor], arena: Arena) -> tr.Tensor:
    h = x
    for gate in gates:
        arena.release(h)  # done with the input... (too early)
        out = arena.alloc()
        K.mul(tiles(out), h, gate).sync()  # expect: TC101
        h = out
    return h


arena = Arena(64)
y = mlp(upload(np.ones(64)), [upload(np.full(64, 0.5))] * 2, arena)  # expect-also
print(y.to_numpy()[:2])
