"""The same KV cache, flushed before the host reads a row: correct."""

from __future__ import annotations

import numpy as np
from llmrun.kernels import copy

import tilert as tr

LAYERS, SEQ, DIM = 4, 8, 32


class KVCache:
    def __init__(self) -> None:
        self.k = tr.zeros((LAYERS, SEQ, DIM), name="k_cache")
        self.pending: list[tr.Pending] = []

    def append(self, layer: int, pos: int, row: tr.Tensor) -> None:
        self.pending.append(copy(self.k[layer, pos].partition((16,)), row).submit())

    def flush(self) -> None:
        for p in self.pending:
            p.wait()
        self.pending.clear()


cache = KVCache()
row = tr.from_numpy(np.arange(DIM, dtype=np.float32))
for layer in range(LAYERS):
    cache.append(layer, 0, row)
cache.flush()
first = cache.k[0, 0].to_numpy()
assert np.array_equal(first, np.arange(DIM, dtype=np.float32))
assert not cache.k[1, 1].to_numpy().any()
