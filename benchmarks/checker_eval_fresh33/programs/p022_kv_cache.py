"""A per-layer KV cache appended one token at a time; the host checks the cached rows."""

import numpy as np
from servekit import copy

import tilert as tr


class KVCache:
    def __init__(self, layers: int, max_seq: int, dim: int) -> None:
        self.k = tr.zeros((layers, max_seq, dim), name="k_cache")
        self.length = 0

    def append(self, layer: int, k_new: tr.Tensor) -> tr.Pending:
        row = self.k[layer, self.length : self.length + 1]
        return copy(row.partition((1, k_new.shape[1])), k_new).submit()

    def rows(self, layer: int) -> np.ndarray:
        return self.k[layer, : self.length + 1].to_numpy()  # expect: TC102


cache = KVCache(layers=2, max_seq=16, dim=64)
for t in range(3):
    k_new = tr.full((1, 64), float(t))
    pend = cache.append(0, k_new)
    print("layer 0 rows so far:", cache.rows(0)[:, 0])  # expect-also: TC102
    pend.wait()
    cache.length += 1
