"""A prefix cache whose refresh() rewrites the cached embedding in place with a kernel, while a
request that reads that prefix is still in flight."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class PrefixCache:
    def __init__(self) -> None:
        self.entries: dict[str, tr.Tensor] = {}

    def put(self, key: str, value: tr.Tensor) -> None:
        self.entries[key] = value

    def refresh(self, key: str, factor: float) -> None:
        K.scale_(self.entries[key].partition((16,)), factor).sync()  # expect: TC103


cache = PrefixCache()
cache.put("sys", tr.ones((64,), name="sys_prefix"))
out = tr.zeros((64,))
reader = K.copy(out.partition((16,)), cache.entries["sys"]).submit()
cache.refresh("sys", 0.5)  # expect-also
reader.wait()
