"""A KV cache that evicts a sequence slot with `del cache[slot]`."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class KVCache:
    def __init__(self, slots: int, width: int) -> None:
        self.data = tr.zeros((slots, width), name="kv")
        self.width = width

    def __delitem__(self, slot: int) -> None:
        self.data[slot].copy_from(np.zeros(self.width, dtype=np.float32))  # expect: TC103

    def rows(self) -> tr.Tensor:
        return self.data


cache = KVCache(4, 32)
K.fill(tiles(cache.rows()), 1.0).sync()
scores = tr.zeros((4, 32), name="scores")
query = upload(np.full((4, 32), 0.5))
attend = K.mul(tiles(scores), cache.rows(), query).submit()
del cache[2]  # expect-also
attend.wait()
print(scores.to_numpy().sum())
