"""A block table that memoizes each page's partition in a dict the first time the page is
written; the second write to a page reuses the memo."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class BlockTable:
    def __init__(self, pages: int) -> None:
        self.pool = tr.zeros((pages, 32), name="pool")
        self._parts: dict[int, tr.Partition] = {}

    def part(self, page: int) -> tr.Partition:
        if page not in self._parts:
            self._parts[page] = self.pool[page].partition((16,))
        return self._parts[page]

    def write(self, page: int, value: float) -> None:
        K.fill(self.part(page), value).sync()  # expect: TC109


table = BlockTable(4)
table.write(1, 1.0)
table.write(2, 2.0)
table.write(1, 3.0)  # expect-also
