"""A KV store whose __getitem__ hands out a row view; the row is read while a write to it runs."""

import numpy as np
from llmrig import kernels as K

import tilert as tr


class KVStore:
    def __init__(self, rows: int, width: int) -> None:
        self.data = tr.zeros((rows, width))

    def __getitem__(self, row: int) -> np.ndarray:
        return self.data[row].to_numpy()  # expect: TC102


store = KVStore(4, 64)
fresh = tr.arange(64)
write = K.copy(store.data[2].partition((64,)), fresh).submit()
row = store[2]  # expect-also
write.wait()
print(row[:3])
