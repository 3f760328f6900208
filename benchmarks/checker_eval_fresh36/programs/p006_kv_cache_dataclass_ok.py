"""A KV cache held in a dataclass; the decode step writes the new key/value rows through
partitions of the per-layer views, waits for all of them, then the host reads back."""

from dataclasses import dataclass, field

import numpy as np
from modelops import copy

import tilert as tr


@dataclass
class KVCache:
    layers: int
    max_seq: int
    dim: int
    k: tr.Tensor = field(init=False)
    v: tr.Tensor = field(init=False)
    length: int = 0

    def __post_init__(self) -> None:
        self.k = tr.zeros((self.layers, self.max_seq, self.dim), name="k_cache")
        self.v = tr.zeros((self.layers, self.max_seq, self.dim), name="v_cache")

    def append(
        self, layer: int, k_new: tr.Tensor, v_new: tr.Tensor
    ) -> tuple[tr.Pending, tr.Pending]:
        pos = self.length
        pk = copy(self.k[layer, pos : pos + 1].partition((1, self.dim)), k_new).submit()
        pv = copy(self.v[layer, pos : pos + 1].partition((1, self.dim)), v_new).submit()
        return pk, pv


cache = KVCache(layers=2, max_seq=32, dim=64)
k_new = tr.from_numpy(np.full((1, 64), 0.5, dtype=np.float32))
v_new = tr.from_numpy(np.full((1, 64), -0.5, dtype=np.float32))
waits = []
for layer in range(cache.layers):
    waits.extend(cache.append(layer, k_new, v_new))
for p in waits:
    p.wait()
cache.length += 1
snapshot = cache.k.to_numpy()
print(snapshot[0, 0, :2])
