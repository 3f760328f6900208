"""A KV cache object: the step reads the cache before the layer writes finished."""

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

    def norm(self) -> float:
        return float(np.linalg.norm(self.k.to_numpy()))  # expect: TC102


cache = KVCache()
step_k = tr.arange(D)
pendings = [cache.write(layer, step_k) for layer in range(LAYERS)]
print("cache norm", cache.norm())  # expect-also
for p in pendings:
    p.wait()
