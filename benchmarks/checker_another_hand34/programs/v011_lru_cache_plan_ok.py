"""Gradient accumulation with the tile shape for each tensor memoised by functools.lru_cache;
the partition itself is made fresh for every launch."""

from __future__ import annotations

import functools

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import upload

N = 256


@functools.lru_cache(maxsize=64)
def tile_for(t: tr.Tensor) -> tuple[int, ...]:
    return (min(64, t.shape[-1]),)


def plan_for(t: tr.Tensor) -> tr.Partition:
    return t.partition(tile_for(t))


def accumulate(acc: tr.Tensor, micro: list[tr.Tensor]) -> np.ndarray:
    K.fill(plan_for(acc), 0.0).sync()
    for g in micro:
        K.accum(plan_for(acc), g).sync()
    return acc.to_numpy()


if __name__ == "__main__":
    acc = tr.zeros(N, name="grad_acc")
    micro = [upload(np.full(N, float(i)), name=f"g{i}") for i in range(3)]
    print(accumulate(acc, micro)[:4])
