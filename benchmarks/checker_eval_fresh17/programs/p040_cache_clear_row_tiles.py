"""A KV cache clears one row through a view, partitioned; the other rows stay."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


class KVCache:
    def __init__(self, rows: int, width: int) -> None:
        self.rows = tr.ones((rows, width), name="cache")

    def clear_row(self, r: int) -> None:
        K.fill(tiles(self.rows[r]), 0.0).sync()


cache = KVCache(4, 32)
cache.clear_row(2)
assert np.array_equal(cache.rows.to_numpy()[:, 0], [1, 1, 0, 1])
print(cache.rows.to_numpy()[:, 0])
