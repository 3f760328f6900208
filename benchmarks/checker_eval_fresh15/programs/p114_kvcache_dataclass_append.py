"""A KV cache dataclass: append() copies the new key after the attention reading it is waited."""

from dataclasses import dataclass, field

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


@dataclass
class KVCache:
    rows: int
    dim: int
    keys: tr.Tensor = field(init=False)
    length: int = 0

    def __post_init__(self) -> None:
        self.keys = tr.zeros((self.rows, self.dim))

    def append(self, key: np.ndarray) -> None:
        self.keys[self.length].copy_from(vec(key))
        self.length += 1


cache = KVCache(8, 16)
scores = tr.zeros((128,))
for t in range(3):
    pending = K.scale(tiles(scores), cache.keys.reshape(-1), 0.25).submit()
    pending.wait()
    cache.append(np.full(16, t + 1.0, dtype=np.float32))
assert np.allclose(scores.to_numpy()[:32], 0.25 * np.repeat([1.0, 2.0], 16))
assert cache.length == 3
