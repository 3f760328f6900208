"""An LRU cache of device tensors that recycles evicted tensors through a pool: an evicted
entry's fill is waited before its tensor goes back to the pool and is written again."""

from __future__ import annotations

from collections import OrderedDict

from llmforge import kernels as k

import tilert as tr


class Entry:
    def __init__(self, t: tr.Tensor, pending: tr.Pending) -> None:
        self.t = t
        self.pending: tr.Pending | None = pending

    def ready(self) -> tr.Tensor:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.t


class PooledLRU:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.pool: list[tr.Tensor] = []
        self.entries: OrderedDict[int, Entry] = OrderedDict()

    def put(self, key: int) -> None:
        t = self.pool.pop() if self.pool else tr.empty((32,))
        self.entries[key] = Entry(t, k.fill(t.partition((16,)), float(key)).submit())
        if len(self.entries) > self.capacity:
            _, old = self.entries.popitem(last=False)
            self.pool.append(old.ready())

    def get(self, key: int) -> float:
        self.entries.move_to_end(key)
        return float(self.entries[key].ready().to_numpy()[0])

    def close(self) -> None:
        for e in self.entries.values():
            e.ready()


lru = PooledLRU(2)
for key in range(6):
    lru.put(key)
vals = [lru.get(4), lru.get(5)]
lru.close()
assert vals == [4.0, 5.0] and len(lru.pool) <= 1, (vals, len(lru.pool))
print(vals)
