"""A KV cache whose ``__getitem__`` hands out per-layer views; two layers' rows are written by
ops in flight together while a third layer is read."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import vec

import tilert as tr


class KVCache:
    def __init__(self, layers: int, max_seq: int, d: int) -> None:
        self.data = tr.zeros((layers, max_seq, d))

    def __getitem__(self, layer: int) -> tr.Tensor[tr.f32]:
        return self.data[layer]


cache = KVCache(3, 4, 32)
k_new = vec(np.ones(32))
p0 = K.copy(cache[0][1].partition((32,)), k_new).submit()
p1 = K.scale(cache[1][1].partition((32,)), k_new, 2.0).submit()
assert cache[2].to_numpy().sum() == 0.0
p1.wait()
p0.wait()
assert cache.data.to_numpy()[:, 1].sum(axis=1).tolist() == [32.0, 64.0, 0.0]
