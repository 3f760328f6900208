"""A paged-KV prefetcher that loads a page only when it is not already in flight."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

PAGE = 64
host_pages = {p: upload(np.full(PAGE, float(p)), name=f"host_page{p}") for p in range(4)}


class Prefetcher:
    def __init__(self) -> None:
        self.loading: dict[int, tuple[tr.Tensor, tr.Pending]] = {}

    def request(self, page: int) -> None:
        if page in self.loading:
            return
        buf = tr.zeros((PAGE,), name=f"page{page}")
        self.loading[page] = (buf, K.copy(tiles(buf), host_pages[page]).submit())

    def get(self, page: int) -> np.ndarray:
        buf, load = self.loading.pop(page)
        load.wait()
        return buf.to_numpy()


pf = Prefetcher()
for page in (0, 1, 1, 2):  # page 1 is asked for twice by two sequences
    pf.request(page)
assert [float(pf.get(p)[0]) for p in (0, 1, 2)] == [0.0, 1.0, 2.0]
assert not pf.loading
