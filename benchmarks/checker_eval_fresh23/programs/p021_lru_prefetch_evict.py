"""An LRU of prefetched embedding pages: the oldest page is evicted when the cache is full."""

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
            self.pages.popitem(last=False)
        src = upload(self.table[page])
        dst = tr.empty((PAGE,), name=f"page{page}")
        self.pages[page] = (dst, copy(tiles(dst), src).submit())  # expect: TC108

    def get(self, page: int) -> np.ndarray:
        dst, pending = self.pages[page]
        pending.wait()
        return dst.to_numpy()


table = np.random.default_rng(0).standard_normal((8, PAGE)).astype(np.float32)
cache = PagePrefetcher(table, capacity=2)
for page in (3, 5, 6):
    cache.prefetch(page)  # expect-also
print(cache.get(6)[:3])
print(cache.get(5)[:3])
