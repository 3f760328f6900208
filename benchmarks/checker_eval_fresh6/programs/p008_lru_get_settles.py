"""An LRU cache of device tensors whose `get` looks suspicious (it launches a fill and returns
the tensor), but it waits the fill kept beside the entry before returning."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
from llmforge import kernels as k

import tilert as tr


class DeviceLRU:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: OrderedDict[int, tuple[tr.Tensor, tr.Pending | None]] = OrderedDict()

    def _settle(self, key: int) -> tr.Tensor:
        t, p = self.entries[key]
        if p is not None:
            p.wait()
            self.entries[key] = (t, None)
        return t

    def get(self, key: int) -> tr.Tensor:
        if key not in self.entries:
            t = tr.empty((32,))
            self.entries[key] = (t, k.fill(t.partition((16,)), float(key)).submit())
            while len(self.entries) > self.capacity:
                first = next(iter(self.entries))
                self._settle(first)
                del self.entries[first]
        self.entries.move_to_end(key)
        return self._settle(key)


lru = DeviceLRU(3)
seen = [float(lru.get(key).to_numpy()[0]) for key in (1, 2, 3, 1, 4, 5, 1)]
assert seen == [1.0, 2.0, 3.0, 1.0, 4.0, 5.0, 1.0], seen
assert np.all(lru.get(5).to_numpy() == 5.0)
print(seen)
