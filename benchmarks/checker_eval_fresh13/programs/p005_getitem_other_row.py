"""The KV store again: row 2 is written while row 0 is read through __getitem__ (disjoint views)."""

import numpy as np
from llmrig import kernels as K

import tilert as tr


class KVStore:
    def __init__(self, rows: int, width: int) -> None:
        self.data = tr.zeros((rows, width))

    def __getitem__(self, row: int) -> np.ndarray:
        return self.data[row].to_numpy()


store = KVStore(4, 64)
fresh = tr.arange(64)
write = K.copy(store.data[2].partition((64,)), fresh).submit()
row0 = store[0]
write.wait()
assert not row0.any()
assert np.array_equal(store[2], np.arange(64, dtype=np.float32))
