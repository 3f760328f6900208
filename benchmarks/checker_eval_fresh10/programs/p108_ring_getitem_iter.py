"""A ring of device buffers with __getitem__ and __iter__; a slot is waited before reuse."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Ring:
    def __init__(self, size: int, n: int) -> None:
        self.bufs = [tr.zeros((n,), dtype=f32) for _ in range(size)]
        self.pending: list[tr.Pending | None] = [None] * size

    def __len__(self) -> int:
        return len(self.bufs)

    def __getitem__(self, i: int) -> Tensor[f32]:
        slot = i % len(self)
        p = self.pending[slot]
        if p is not None:
            p.wait()
            self.pending[slot] = None
        return self.bufs[slot]

    def __iter__(self) -> Iterator[Tensor[f32]]:
        return (self[i] for i in range(len(self)))

    def put(self, i: int, src: Tensor[f32], s: float) -> None:
        buf = self[i]
        self.pending[i % len(self)] = k.scale(tiles(buf), src, s).submit()


ring = Ring(3, 8)
x = tr.ones((8,), dtype=f32)
for i in range(7):
    ring.put(i, x, float(i))
np.testing.assert_allclose([b.to_numpy()[0] for b in ring], [6.0, 4.0, 5.0])
