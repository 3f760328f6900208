"""A KV cache that partitions at the append, and a debug dump."""

import numpy as np
from llmquay import copy

import tilert as tr

MAX_TOKENS = 256
HEAD_DIM = 64


class KVCache:
    def __init__(self, max_tokens: int, head_dim: int) -> None:
        self.keys = tr.zeros((max_tokens, head_dim), name="keys")

    def dump(self) -> np.ndarray:
        return self.keys.to_numpy()

    def append(self, new_keys: tr.Tensor) -> None:
        copy(self.keys.partition((16, self.keys.shape[1])), new_keys).sync()


cache = KVCache(MAX_TOKENS, HEAD_DIM)
print("before:", cache.dump().sum())
cache.append(tr.ones((MAX_TOKENS, HEAD_DIM)))
total = cache.dump().sum()
assert total == MAX_TOKENS * HEAD_DIM
print("after:", total)
