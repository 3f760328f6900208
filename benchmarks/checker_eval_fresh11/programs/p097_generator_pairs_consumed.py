"""A generator yields (buffer, pending) pairs; the consumer waits each before reading it."""

from collections.abc import Iterator

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


def shards(x: tr.Tensor, gains: list[float]) -> Iterator[tuple[tr.Tensor, tr.Pending]]:
    for g in gains:
        out = tr.zeros(x.shape)
        yield out, K.scale(tiles(out), x, g).submit()


x = tr.ones((128,))
totals = []
for out, pend in shards(x, [0.5, 1.5, 2.5]):
    pend.wait()
    totals.append(float(out.to_numpy().sum()))
assert totals == [64.0, 192.0, 320.0], totals
