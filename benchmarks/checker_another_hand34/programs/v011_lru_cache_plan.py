"""Gradient accumulation with the plan for each tensor memoised by functools.lru_cache: the
zeroing launch and the first accumulate get the same cached partition."""

from __future__ import annotations

import functools

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


@functools.lru_cache(maxsize=64)
def plan_for(t: tr.Tensor) -> tr.Partition:
    return tiles(t)


def accumulate(acc: tr.Tensor, micro: list[tr.Tensor]) -> np.ndarray:
    K.fill(plan_for(acc), 0.0).sync()
    for g in micro:
        K.accum(plan_for(acc), g).sync()  # expect: TC109
    return acc.to_numpy()


if __name__ == "__main__":
    acc = tr.zeros(N, name="grad_acc")
    micro = [upload(np.full(N, float(i)), name=f"g{i}") for i in range(3)]
    print(accumulate(acc, micro)[:4])
