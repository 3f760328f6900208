"""A KV cache object: appends are submitted, a debug snapshot flushes before reading."""

from __future__ import annotations

import numpy as np
from llmcove import copy

import tilert as tr


class KVCache:
    def __init__(self, max_tokens: int, dim: int) -> None:
        self.dim = dim
        self.k = tr.zeros((max_tokens * dim,), name="k_cache")
        self.v = tr.zeros((max_tokens * dim,), name="v_cache")
        self.pending: list[tr.Pending] = []

    def append(self, k_new: tr.Tensor, v_new: tr.Tensor) -> None:
        self.pending.append(copy(self.k.partition((self.dim,)), k_new).submit())
        self.pending.append(copy(self.v.partition((self.dim,)), v_new).submit())

    def flush(self) -> None:
        for p in self.pending:
            p.wait()
        self.pending.clear()

    def snapshot(self) -> np.ndarray:
        self.flush()
        return self.k.to_numpy().copy()


dim, tokens = 64, 16
cache = KVCache(tokens, dim)
k_step = tr.from_numpy(np.random.default_rng(0).standard_normal(tokens * dim).astype(np.float32))
v_step = tr.ones((tokens * dim,))
cache.append(k_step, v_step)
keys = cache.snapshot()
cache.flush()
print(keys.shape, float(np.abs(keys).sum()) > 0)
