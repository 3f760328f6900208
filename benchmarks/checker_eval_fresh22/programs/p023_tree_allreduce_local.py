"""Summing micro-batch gradients with a recursive pairwise tree of adds."""

from __future__ import annotations

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


def tree_sum(grads: list[tr.Tensor]) -> tuple[tr.Tensor, tr.Pending | None]:
    if len(grads) == 1:
        return grads[0], None
    mid = len(grads) // 2
    left, _ = tree_sum(grads[:mid])
    right, right_done = tree_sum(grads[mid:])
    out = tr.zeros(grads[0].shape, name=f"sum{len(grads)}")
    pending = K.add(tiles(out), left, right).submit()  # expect: TC108
    if right_done is not None:
        right_done.wait()
    return out, pending


grads = [upload(np.full(64, float(i))) for i in range(4)]
total, done = tree_sum(grads)  # expect-also
assert done is not None
done.wait()
print(total.to_numpy()[0])
