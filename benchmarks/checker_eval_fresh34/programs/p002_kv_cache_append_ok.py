"""A KV cache as a dataclass: append() writes one decode step's key and value rows into the
cache through views of the row, using a kernel of the local package."""

from dataclasses import dataclass, field

import numpy as np
from infercore import copy

import tilert as tr


@dataclass
class KVCache:
    layers: int
    max_seq: int
    head_dim: int
    length: int = 0
    k: tr.Tensor = field(init=False)
    v: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        self.k = tr.zeros((self.layers, self.max_seq, self.head_dim), name="k_cache")
        self.v = tr.zeros((self.layers, self.max_seq, self.head_dim), name="v_cache")

    def append(self, layer: int, k_new: tr.Tensor, v_new: tr.Tensor) -> None:
        if layer == 0:
            print("cache before append", self.k.to_numpy()[0, : self.length + 1].sum())
        k_row = self.k[layer, self.length].partition((self.head_dim,))
        v_row = self.v[layer, self.length].partition((self.head_dim,))
        copy(k_row, k_new).sync()
        copy(v_row, v_new).sync()

    def advance(self) -> None:
        self.length += 1


cache = KVCache(layers=2, max_seq=16, head_dim=32)
rng = np.random.default_rng(0)
for _ in range(3):
    for layer in range(cache.layers):
        k = tr.from_numpy(rng.standard_normal(32).astype(np.float32))
        v = tr.from_numpy(rng.standard_normal(32).astype(np.float32))
        cache.append(layer, k, v)
    cache.advance()
print("cached", cache.length, "positions")
