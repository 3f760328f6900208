"""Looks suspicious: a sharded layer on one device writes four row shards `out[a:b]` of one
tensor, all in flight at once (disjoint views), waited in a list before the whole is read."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

SHARDS, ROWS = 4, 16


class ShardedScale:
    def __init__(self) -> None:
        self.out = tr.zeros((SHARDS * ROWS,), name="out")
        self.scales = [float(r + 1) for r in range(SHARDS)]

    def forward(self, x: tr.Tensor) -> list[tr.Pending]:
        pending = []
        for r, s in enumerate(self.scales):
            a, b = r * ROWS, (r + 1) * ROWS
            pending.append(k.scale(self.out[a:b].partition((16,)), x[a:b], s).submit())
        return pending


layer = ShardedScale()
x = tr.ones((SHARDS * ROWS,))
ps = layer.forward(x)
for p in ps:
    p.wait()
expect = np.repeat(np.arange(1, SHARDS + 1, dtype=np.float32), ROWS)
assert np.array_equal(layer.out.to_numpy(), expect)
print(layer.out.to_numpy()[::ROWS])
