"""Shards summed through `__radd__` after every shard is waited."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


class Shard:
    def __init__(self, x: tr.Tensor, a: float) -> None:
        self.out = tr.zeros(x.shape[0])
        self.pending = K.scale(tiles(self.out), x, a).submit()

    def __radd__(self, other: float) -> float:
        return other + float(self.out.to_numpy().sum())


x = upload(np.ones(64))
shards = [Shard(x, a) for a in (1.0, 2.0, 3.0)]
for s in shards:
    s.pending.wait()
total = sum(shards)
assert total == 64 * 6
print("ok")
