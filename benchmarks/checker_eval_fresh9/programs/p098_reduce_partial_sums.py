"""Partial sums folded together with functools.reduce, one synced add per pair."""

from __future__ import annotations

from functools import reduce

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

partials = [tr.full((8,), float(i)) for i in range(5)]


def fold(acc: tr.Tensor[tr.f32], x: tr.Tensor[tr.f32]) -> tr.Tensor[tr.f32]:
    out = tr.zeros(acc.shape)
    k.add(tiles(out), acc, x).sync()
    return out


total = reduce(fold, partials)
np.testing.assert_allclose(total.to_numpy(), np.full(8, 10.0))
print("ok")
