from __future__ import annotations

import numpy as np
from llmhost.kernels import fill

import tilert as tr


class Cache:
    def __init__(self, layers: int, seq: int, d: int) -> None:
        self.data = tr.zeros((layers, seq, d))
        self.pending: dict[int, tr.Pending] = {}

    def __getitem__(self, layer: int) -> tr.Tensor:
        return self.data[layer]

    def write(self, layer: int, value: float) -> None:
        self.pending[layer] = fill(self[layer].partition((4, 16)), value).submit()

    def sync(self, layer: int) -> None:
        self.pending.pop(layer).wait()


cache = Cache(2, 4, 16)
cache.write(0, 1.0)
cache.write(1, 2.0)
cache.sync(0)
layer0 = cache[0].to_numpy()
cache.sync(1)
assert np.allclose(layer0, 1.0)
assert np.allclose(cache[1].to_numpy(), 2.0)
print("cache ok")
