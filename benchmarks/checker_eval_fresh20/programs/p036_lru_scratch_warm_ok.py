"""An OrderedDict LRU of scratch buffers, warmed before the capture so the graph only records."""

from collections import OrderedDict

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class ScratchLRU:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.slots: OrderedDict[int, tr.Tensor] = OrderedDict()

    def get(self, n: int) -> tr.Tensor:
        if n in self.slots:
            self.slots.move_to_end(n)
        else:
            self.slots[n] = tr.zeros((n,))
            if len(self.slots) > self.capacity:
                self.slots.popitem(last=False)
        return self.slots[n]


lru = ScratchLRU(2)
x, out = upload(np.arange(32)), tr.zeros((32,))
lru.get(32)
with tr.graph() as g:
    tmp = lru.get(32)
    g.record(K.scale(tiles(tmp), x, 2.0))
    g.record(K.add(tiles(out), tmp, x))
g.launch().wait()
g.close()
np.testing.assert_allclose(out.to_numpy(), np.arange(32) * 3.0)
