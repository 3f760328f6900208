"""An LRU of device tensors keeps (tensor, Pending) entries; eviction pops the oldest entry
without waiting its Pending."""

from __future__ import annotations

from collections import OrderedDict

from llmforge import kernels as k

import tilert as tr


class PrefixCache:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: OrderedDict[str, tuple[tr.Tensor, tr.Pending]] = OrderedDict()

    def insert(self, prefix: str, value: float) -> None:
        t = tr.empty((32,))
        self.entries[prefix] = (t, k.fill(t.partition((16,)), value).submit())  # expect: TC108
        if len(self.entries) > self.capacity:
            self.entries.popitem(last=False)

    def lookup(self, prefix: str) -> float:
        t, p = self.entries[prefix]
        p.wait()
        return float(t.to_numpy()[0])

    def close(self) -> None:
        for _, p in self.entries.values():
            p.wait()
        self.entries.clear()


cache = PrefixCache(2)
for i, prefix in enumerate(["the", "the cat", "the cat sat"]):
    cache.insert(prefix, float(i))  # expect-also
print(cache.lookup("the cat sat"))
cache.close()
