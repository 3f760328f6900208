"""Paged KV cache: one pool of pages, a block table per request, a free list. Pages are written
asynchronously, waited, and handed back to the free list when the request finishes."""

from __future__ import annotations

from collections import deque

import numpy as np
from llmroute import kernels as K

import tilert as tr

PAGE = 32


class PagePool:
    def __init__(self, num_pages: int) -> None:
        self.pool = tr.zeros((num_pages, PAGE), name="kv_pool")
        self.free: deque[int] = deque(range(num_pages))
        self.tables: dict[str, list[int]] = {}
        self.inflight: dict[int, tr.Pending] = {}

    def append(self, rid: str, chunk: tr.Tensor) -> None:
        page = self.free.popleft()
        self.tables.setdefault(rid, []).append(page)
        self.inflight[page] = K.copy(self.pool[page].partition((16,)), chunk).submit()

    def settle(self) -> None:
        for page in list(self.inflight):
            self.inflight.pop(page).wait()

    def release(self, rid: str) -> None:
        for page in self.tables.pop(rid):
            assert page not in self.inflight
            self.free.append(page)


pool = PagePool(8)
for step in range(3):
    pool.append("req-a", tr.full((PAGE,), float(step)))
    pool.append("req-b", tr.full((PAGE,), 10.0 + step))
pool.settle()
rows = [pool.pool[p].to_numpy()[0] for p in pool.tables["req-b"]]
assert rows == [10.0, 11.0, 12.0]
pool.release("req-a")
pool.append("req-c", tr.ones((PAGE,)))
pool.settle()
print("free pages", len(pool.free), "c ->", pool.tables["req-c"], np.float32(rows[0]))
