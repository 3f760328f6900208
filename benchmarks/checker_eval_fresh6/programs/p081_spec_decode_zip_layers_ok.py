"""Speculative decoding with draft and target models as separate classes sharing a KV cache:
the draft writes every layer's row (views `kv[layer]`) in one `tr.zip`, the target verifies
after it is synced and rolls back rejected layers."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

LAYERS, W = 3, 32


class KVCache:
    def __init__(self) -> None:
        self.kv = tr.zeros((LAYERS, W), name="kv")
        self.committed = np.zeros((LAYERS, W), np.float32)


class DraftModel:
    def __init__(self, cache: KVCache) -> None:
        self.cache = cache

    def propose(self, tokens: list[tr.Tensor]) -> tr.Op:
        return tr.zip(*(k.copy(self.cache.kv[i].partition((16,)), t) for i, t in enumerate(tokens)))


class TargetModel:
    def __init__(self, cache: KVCache) -> None:
        self.cache = cache

    def verify(self) -> int:
        rows = self.cache.kv.to_numpy()
        return int(np.argmax(rows.sum(axis=1) < 0)) or LAYERS

    def rollback(self, accepted: int) -> None:
        for layer in range(accepted, LAYERS):
            self.cache.kv[layer].copy_from(self.cache.committed[layer])


cache = KVCache()
draft, target = DraftModel(cache), TargetModel(cache)
proposal = [tr.full((W,), v) for v in (1.0, 2.0, -1.0)]
draft.propose(proposal).sync()
accepted = target.verify()
target.rollback(accepted)
assert accepted == 2 and cache.kv.to_numpy()[2].sum() == 0.0, accepted
print("accepted", accepted)
