"""A per-layer KV cache object; `append` writes a step's keys and values into the cache rows."""

from dataclasses import dataclass, field

import numpy as np
from llmdelta import copy, scale

import tilert as tr

HEAD_DIM = 64


@dataclass
class LayerCache:
    max_seq: int
    keys: tr.Tensor = field(init=False)
    values: tr.Tensor = field(init=False)
    length: int = 0

    def __post_init__(self) -> None:
        self.keys = tr.zeros((self.max_seq, HEAD_DIM), name="keys")
        self.values = tr.zeros((self.max_seq, HEAD_DIM), name="values")

    def append(self, k, v) -> None:
        row = self.length
        copy(self.keys[row].partition((HEAD_DIM,)), k).sync()
        copy(self.values[row].partition((HEAD_DIM,)), v).sync()
        # pre-scale the cached keys by 1/sqrt(d), in place
        inv = HEAD_DIM**-0.5
        scale(self.keys[row].partition((HEAD_DIM,)), self.keys[row], inv).sync()  # expect: TC101
        self.length += 1


cache = LayerCache(max_seq=16)
rng = np.random.default_rng(0)
for _step in range(3):
    k = tr.from_numpy(rng.standard_normal(HEAD_DIM).astype(np.float32))
    v = tr.from_numpy(rng.standard_normal(HEAD_DIM).astype(np.float32))
    cache.append(k, v)  # expect-also: TC101
print("cached", cache.length)
