"""A KV cache that prepares its write partition ahead of the append, and a debug dump."""

import numpy as np
from llmquay import copy

import tilert as tr

MAX_TOKENS = 256
HEAD_DIM = 64


class KVCache:
    def __init__(self, max_tokens: int, head_dim: int) -> None:
        self.keys = tr.zeros((max_tokens, head_dim), name="keys")
        self._part: tr.Partition | None = None

    def prepare(self) -> None:
        self._part = self.keys.partition((16, head_dim_tile(self.keys)))

    def dump(self) -> np.ndarray:
        return self.keys.to_numpy()  # expect: TC104

    def append(self, new_keys: tr.Tensor) -> None:
        assert self._part is not None
        part, self._part = self._part, None
        copy(part, new_keys).sync()


def head_dim_tile(t: tr.Tensor) -> int:
    return t.shape[1]


cache = KVCache(MAX_TOKENS, HEAD_DIM)
cache.prepare()
print("before:", cache.dump().sum())  # expect-also: TC104
cache.append(tr.ones((MAX_TOKENS, HEAD_DIM)))
print("after:", cache.dump().sum())
