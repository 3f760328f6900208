"""A toy KV cache that owns its buffers and appends a token's keys and values."""

import numpy as np
from llmreef import copy

import tilert as tr


class KVCache:
    def __init__(self, max_tokens: int, dim: int) -> None:
        self.dim = dim
        self.k = tr.zeros((max_tokens * dim,), name="k_cache")
        self.v = tr.zeros((max_tokens * dim,), name="v_cache")
        self.length = 0

    def append(self, k_new: tr.Tensor, v_new: tr.Tensor) -> tr.Pending:
        start = self.length * self.dim
        k_slot = self.k[start : start + self.dim]
        v_slot = self.v[start : start + self.dim]
        self.length += 1
        return tr.zip(
            copy(k_slot.partition((self.dim,)), k_new),
            copy(v_slot.partition((self.dim,)), v_new),
        ).submit()

    def keys(self) -> np.ndarray:
        return self.k.to_numpy()[: self.length * self.dim]


cache = KVCache(max_tokens=16, dim=64)
k_tok = tr.ones((64,))
v_tok = tr.full((64,), 2.0)
pending = cache.append(k_tok, v_tok)
pending.wait()
print(cache.keys().sum())
