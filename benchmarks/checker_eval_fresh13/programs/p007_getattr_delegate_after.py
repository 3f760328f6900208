"""The proxy again, read after the fill's wait."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class Buffer:
    def __init__(self, n: int) -> None:
        self.t = tr.zeros(n)

    @property
    def total(self) -> float:
        return float(self.t.to_numpy().sum())


class Proxy:
    def __init__(self, inner: Buffer) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


buf = Buffer(128)
proxy = Proxy(buf)
p = K.fill(tiles(buf.t), 3.0).submit()
p.wait()
assert proxy.total == 384.0
