"""A prefetcher object keeping (page, buffer, Pending) triples in a list field and trimming it
with `del self.window[0]` once it holds more than two."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


class PagePrefetcher:
    def __init__(self, table: tr.Tensor) -> None:
        self.table = table
        self.window: list[tuple[int, tr.Tensor, tr.Pending]] = []

    def request(self, page: int) -> None:
        buf = tr.zeros(N, name=f"page{page}")
        pending = K.scale(tiles(buf), self.table, page + 1.0).submit()  # expect: TC108
        self.window.append((page, buf, pending))
        if len(self.window) > 2:
            del self.window[0]

    def drain(self) -> list[float]:
        out = []
        for _, buf, pending in self.window:
            pending.wait()
            out.append(float(buf.to_numpy()[0]))
        self.window.clear()
        return out


if __name__ == "__main__":
    pf = PagePrefetcher(upload(np.ones(N), name="table"))
    for page in range(4):
        pf.request(page)  # expect-also
    print(pf.drain())
