"""A KV cache that grows itself (allocating a bigger tensor) while a decode step is captured."""

from llmrig import kernels as K

import tilert as tr


class Cache:
    def __init__(self, n: int) -> None:
        self.keys = tr.zeros(n)

    def grow(self) -> None:
        self.keys = tr.zeros(self.keys.shape[0] * 2)  # expect: TC111


cache = Cache(64)
k = tr.ones(64)
with tr.graph() as g:
    g.record(K.copy(cache.keys.partition((64,)), k))
    cache.grow()  # expect-also
g.close()
