"""An LRU of prefetched embedding pages: the oldest page is waited and evicted when full."""

from collections import OrderedDict

import numpy as np
from llmpress.host import tiles, upload
from llmpress.kernels import copy

import tilert as tr

PAGE = 128


class PagePrefetcher:
    def __init__(self, table: np.ndarray, capacity: int) -> None:
        self.table = table
        self.capacity = capacity
        self.pages: OrderedDict[int, tuple[tr.Tensor, tr.Pending]] = OrderedDict()

    def prefetch(self, page: int) -> None:
        if page in self.pages:
            self.pages.move_to_end(page)
            return
        if len(self.pages) == self.capacity:
            _, (_, oldest) = self.pages.popitem(last=False)
            oldest.wait()
        src = upload(self.table[page])
        dst = tr.empty((PAGE,), name=f"page{page}")
        self.pages[page] = (dst, copy(tiles(dst), src).submit())

    def get(self, page: int) -> np.ndarray:
        dst, pending = self.pages[page]
        pending.wait()
        return dst.to_numpy()


table = np.random.default_rng(0).standard_normal((8, PAGE)).astype(np.float32)
cache = PagePrefetcher(table, capacity=2)
for page in (3, 5, 6):
    cache.prefetch(page)
np.testing.assert_array_equal(cache.get(6), table[6])
np.testing.assert_array_equal(cache.get(5), table[5])
