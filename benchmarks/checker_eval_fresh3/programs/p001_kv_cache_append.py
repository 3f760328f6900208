"""A KV cache object: each decode step writes one layer's slot through a view."""

import numpy as np
from llmhost.kernels import copy

import tilert as tr

LAYERS, SEQ, D = 2, 8, 16


class KVCache:
    def __init__(self) -> None:
        self.k = tr.zeros((LAYERS, SEQ, D), name="k_cache")
        self.pos = 0

    def write(self, layer: int, k_new: tr.Tensor) -> tr.Pending:
        return copy(self.k[layer, self.pos].partition((D,)), k_new).submit()

    def advance(self) -> None:
        self.pos += 1


cache = KVCache()
step_k = tr.arange(D)
for _ in range(3):
    pendings = [cache.write(layer, step_k) for layer in range(LAYERS)]
    for p in pendings:
        p.wait()
    cache.advance()

assert np.allclose(cache.k.to_numpy()[:, :3], np.arange(D, dtype=np.float32))
print("kv cache ok")
