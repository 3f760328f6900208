"""A KV cache clears one row through a view: the row tensor is passed where a partition goes."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


class KVCache:
    def __init__(self, rows: int, width: int) -> None:
        self.rows = tr.ones((rows, width), name="cache")

    def clear_row(self, r: int) -> None:
        K.fill(self.rows[r], 0.0).sync()  # expect: TC106

    def clear_all(self) -> None:
        K.fill(tiles(self.rows), 0.0).sync()


cache = KVCache(4, 32)
cache.clear_row(2)  # expect-also
print(cache.rows.to_numpy()[:, 0])
