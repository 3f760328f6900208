"""An LRU of prefetched expert weights; each entry keeps the Pending of its copy."""

from collections import OrderedDict

import numpy as np
from llmforge import copy

import tilert as tr

D = 256


class ExpertCache:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: OrderedDict[int, tuple[tr.Tensor, tr.Pending]] = OrderedDict()

    def prefetch(self, expert: int, weights: tr.Tensor) -> None:
        buf = tr.empty((D,), name=f"expert{expert}")
        pending = copy(buf.partition((64,)), weights).submit()  # expect: TC108
        self.entries[expert] = (buf, pending)
        if len(self.entries) > self.capacity:
            self.entries.popitem(last=False)

    def get(self, expert: int) -> tr.Tensor:
        buf, pending = self.entries[expert]
        pending.wait()
        return buf


def main() -> None:
    experts = [tr.from_numpy(np.full(D, e, dtype=np.float32)) for e in range(5)]
    cache = ExpertCache(capacity=2)
    for e in (0, 1, 2):
        cache.prefetch(e, experts[e])  # expect-also: TC108
    print("expert 2 mean:", float(cache.get(2).to_numpy().mean()))
    for _, pending in cache.entries.values():
        pending.wait()


main()
