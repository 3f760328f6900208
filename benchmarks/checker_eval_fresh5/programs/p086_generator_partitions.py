"""A generator hands out output partitions; the first output is checked after taking one."""

from __future__ import annotations

from collections.abc import Iterator

from llmdeck.kernels import scale

import tilert as tr

N = 64


def out_tiles(outs: list[tr.Tensor]) -> Iterator[tr.Partition]:
    for o in outs:
        yield o.partition((16,))


outs = [tr.zeros((N,)) for _ in range(3)]
x = tr.arange(N)
tiles = out_tiles(outs)
first = next(tiles)
assert outs[0].to_numpy().sum() == 0.0  # expect: TC104
scale(first, x, 1.0).sync()
