"""A KV cache object appends a token's keys at a position; the attention code reads the valid
prefix `kv[layer][:pos + 1]` before the append is waited."""

import numpy as np
from llmweave.kernels import copy

import tilert as tr


class KVCache:
    def __init__(self, layers: int, max_seq: int, dim: int) -> None:
        self.k = tr.zeros((layers, max_seq, dim), name="k_cache")
        self.pending: list[tr.Pending] = []

    def append(self, layer: int, pos: int, key: tr.Tensor) -> None:
        row = self.k[layer][pos : pos + 1]
        self.pending.append(copy(row.partition((1, 16)), key).submit())

    def prefix(self, layer: int, pos: int) -> np.ndarray:
        return self.k[layer][: pos + 1].to_numpy()  # expect: TC102

    def sync(self) -> None:
        for p in self.pending:
            p.wait()
        self.pending.clear()


cache = KVCache(2, 8, 16)
key = tr.ones((1, 16))
cache.append(0, 3, key)
keys = cache.prefix(0, 3)  # expect-also
cache.sync()
