"""Summing micro-batch gradients with a recursive pairwise tree of adds, every level waited."""

from __future__ import annotations

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


def tree_sum(grads: list[tr.Tensor]) -> tuple[tr.Tensor, list[tr.Pending]]:
    if len(grads) == 1:
        return grads[0], []
    mid = len(grads) // 2
    left, left_done = tree_sum(grads[:mid])
    right, right_done = tree_sum(grads[mid:])
    out = tr.zeros(grads[0].shape, name=f"sum{len(grads)}")
    pending = K.add(tiles(out), left, right).submit()  # reads left/right in stream order
    return out, [*left_done, *right_done, pending]


grads = [upload(np.full(64, float(i))) for i in range(5)]
total, done = tree_sum(grads)
for p in reversed(done):
    p.wait()
assert (total.to_numpy() == 10.0).all()
