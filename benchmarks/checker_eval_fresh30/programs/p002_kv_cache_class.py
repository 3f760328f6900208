"""A KV cache that copies each step's keys in with a submitted launch and a view() for readers."""

import numpy as np
from llmquill import copy

import tilert as tr

MAX_SEQ = 64
HEAD_DIM = 32


class KVCache:
    def __init__(self) -> None:
        self.keys = tr.zeros((MAX_SEQ, HEAD_DIM), name="keys")
        self.length = 0
        self._pending: tr.Pending | None = None

    def append(self, k: tr.Tensor) -> None:
        row = self.keys[self.length]
        self._pending = copy(row.partition((HEAD_DIM,)), k).submit()
        self.length += 1

    def view(self) -> np.ndarray:
        return self.keys.to_numpy()[: self.length]  # expect: TC102

    def flush(self) -> None:
        if self._pending is not None:
            self._pending.wait()
            self._pending = None


cache = KVCache()
for step in range(4):
    cache.append(tr.full((HEAD_DIM,), float(step)))
    cache.flush()
cache.append(tr.full((HEAD_DIM,), 9.0))
print(cache.view().sum())  # expect-also: TC102
cache.flush()
