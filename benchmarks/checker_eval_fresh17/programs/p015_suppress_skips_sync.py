"""Normalization under `contextlib.suppress`: the division fails before the op is synced."""

import contextlib

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def normalize(normed: tr.Tensor, hidden: tr.Tensor, counts: list[int]) -> None:
    with contextlib.suppress(ZeroDivisionError):
        op = K.scale(tiles(normed), hidden, 1.0)  # expect: TC105
        inv = 1.0 / sum(counts)
        op.sync()
        print("inverse count", inv)


hidden = tr.ones((64,), name="hidden")
normed = tr.zeros((64,), name="normed")
normalize(normed, hidden, [0, 0])  # expect-also
print("normalized" if normed.to_numpy()[0] else "skipped")
