"""Checkpoint selection: the two best shards by peak activation, picked with heapq.nlargest and
a key lambda, after waiting every shard's launch."""

from __future__ import annotations

import heapq

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


def best_shards(shards: list[tr.Tensor], pendings: list[tr.Pending], k: int) -> list[int]:
    for p in pendings:
        p.wait()
    order = range(len(shards))
    best = heapq.nlargest(k, order, key=lambda i: shards[i].to_numpy().max())
    return best


if __name__ == "__main__":
    x = upload(np.linspace(0.0, 1.0, N), name="act")
    shards = [tr.zeros(N, name=f"shard{i}") for i in range(4)]
    pendings = [K.scale(tiles(s), x, 1.0 + i).submit() for i, s in enumerate(shards)]
    print(best_shards(shards, pendings, 2))
