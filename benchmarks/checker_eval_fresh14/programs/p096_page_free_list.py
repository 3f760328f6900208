"""A paged KV pool keeps a free list of page partitions planned up front; a debug dump of the
pool reads a page whose partition still waits in the list."""

import numpy as np
from llmtide import kernels as K

import tilert as tr


class PagePool:
    def __init__(self, pages: int, page: int) -> None:
        self.data = tr.zeros((pages, page), name="kv pool")
        self.free = [self.data[i].partition((page,)) for i in range(pages)]

    def alloc(self) -> tr.Partition:
        return self.free.pop()

    def dump(self, page: int) -> np.ndarray:
        return self.data[page].to_numpy()  # expect: TC104


pool = PagePool(4, 16)
K.fill(pool.alloc(), 1.0).sync()
print(pool.dump(0))  # expect-also
