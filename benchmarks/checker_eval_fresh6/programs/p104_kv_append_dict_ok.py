"""A paged KV cache object: `append` writes one 16-wide block of each layer's row at the
current position (views `kv[layer, a:b]`), keeping a Pending per layer in a dict; `flush`
waits the dict's values; the cache is read after the flush."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

LAYERS, BLOCK, BLOCKS = 3, 16, 4


class PagedKV:
    def __init__(self) -> None:
        self.kv = tr.zeros((LAYERS, BLOCK * BLOCKS), name="kv")
        self.pos = 0
        self.inflight: dict[int, tr.Pending] = {}

    def append(self, rows: list[tr.Tensor]) -> None:
        a, b = self.pos * BLOCK, (self.pos + 1) * BLOCK
        for layer, row in enumerate(rows):
            self.inflight[layer] = k.copy(self.kv[layer, a:b].partition((BLOCK,)), row).submit()
        self.pos += 1

    def flush(self) -> None:
        for p in self.inflight.values():
            p.wait()
        self.inflight.clear()


cache = PagedKV()
for t in range(BLOCKS):
    cache.append([tr.full((BLOCK,), float(10 * layer + t)) for layer in range(LAYERS)])
    cache.flush()
got = cache.kv.to_numpy()[:, ::BLOCK]
assert np.array_equal(got, np.array([[10 * la + t for t in range(BLOCKS)] for la in range(LAYERS)]))
print(got)
