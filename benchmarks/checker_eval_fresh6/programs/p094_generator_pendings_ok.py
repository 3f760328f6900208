"""A generator submits one prefetch per shard and yields (tensor, Pending); the consumer waits
each Pending before it reads that shard."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from llmforge import kernels as k

import tilert as tr


def prefetch(shards: list[np.ndarray]) -> Iterator[tuple[tr.Tensor, tr.Pending]]:
    for shard in shards:
        src = tr.from_numpy(shard)
        dst = tr.empty(src.shape)
        yield dst, k.copy(dst.partition((16,)), src).submit()


shards = [np.full(32, float(i), np.float32) for i in range(4)]
total = 0.0
for dst, pending in prefetch(shards):
    pending.wait()
    total += float(dst.to_numpy().sum())
assert total == 32.0 * (0 + 1 + 2 + 3)
print(total)
