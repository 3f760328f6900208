"""A KV cache object whose append() overwrites its keys while an attention-score op still
reads them."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class KVCache:
    def __init__(self, n: int) -> None:
        self.k = tr.zeros((n,), name="k")

    def append(self, new: np.ndarray) -> None:
        self.k.copy_from(new)  # expect: TC103


cache = KVCache(256)
cache.append(np.ones(256, np.float32))
q = tr.full((256,), 0.5)
scores = tr.zeros((256,))
pend = K.mul(tiles(scores), q, cache.k).submit()
cache.append(np.full(256, 2.0, np.float32))  # expect-also
pend.wait()
print(float(scores.to_numpy().sum()))
