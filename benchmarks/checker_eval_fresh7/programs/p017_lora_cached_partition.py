"""A LoRA loader that partitions the adapter slot once in __init__ and reuses that partition for
every load: the second load hands a partition that the first already consumed."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class AdapterSlot:
    def __init__(self, dim: int) -> None:
        self.weights = tr.zeros((dim,), name="slot")
        self.tiles = self.weights.partition((16,))

    def load(self, src: tr.Tensor) -> None:
        K.copy(self.tiles, src).sync()  # expect: TC109


slot = AdapterSlot(64)
slot.load(tr.ones((64,)))
slot.load(tr.full((64,), 2.0))  # expect-also
