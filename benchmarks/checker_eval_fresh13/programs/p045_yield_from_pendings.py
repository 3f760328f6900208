"""Pendings produced through `yield from` of per-layer generators, all waited by the consumer."""

from collections.abc import Iterator

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


def layer(x: tr.Tensor, outs: list[tr.Tensor]) -> Iterator[tr.Pending]:
    for o in outs:
        yield K.scale(tiles(o), x, 2.0).submit()


def model(x: tr.Tensor, groups: list[list[tr.Tensor]]) -> Iterator[tr.Pending]:
    for g in groups:
        yield from layer(x, g)


groups = [[tr.zeros(128) for _ in range(2)] for _ in range(2)]
for p in model(tr.arange(128), groups):
    p.wait()
assert all(np.array_equal(o.to_numpy(), 2 * np.arange(128)) for g in groups for o in g)
