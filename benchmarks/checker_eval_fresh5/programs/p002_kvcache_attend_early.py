"""KV cache whose attend() peeks at the layer before the append was flushed."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

LAYERS, N = 2, 64


class KVCache:
    def __init__(self, layers: int, n: int) -> None:
        self.k = tr.zeros((layers, n), name="k")
        self.pending: list[tr.Pending] = []

    def append(self, layer: int, x: tr.Tensor) -> None:
        self.pending.append(scale(self.k[layer].partition((16,)), x, 0.5).submit())

    def attend(self, layer: int) -> float:
        keys = self.k[layer].to_numpy()  # expect: TC102
        return float(np.max(keys))

    def flush(self) -> None:
        while self.pending:
            self.pending.pop().wait()


cache = KVCache(LAYERS, N)
x = tr.arange(N)
scores = []
for layer in range(LAYERS):
    cache.append(layer, x)
    scores.append(cache.attend(layer))  # expect-also
cache.flush()
print(scores)
