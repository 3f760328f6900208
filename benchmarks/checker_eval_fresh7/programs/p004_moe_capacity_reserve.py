"""Expert with a capacity buffer: reserve() takes the output's partition ahead of dispatch and
keeps it; the load-balancing statistic reads the buffer while the reservation is alive."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr


class CapacityExpert:
    def __init__(self, capacity: int) -> None:
        self.buf = tr.zeros((capacity,), name="capacity")
        self.reserved: tr.Partition | None = None

    def reserve(self) -> None:
        self.reserved = self.buf.partition((16,))

    def dispatch(self, tokens: tr.Tensor) -> None:
        assert self.reserved is not None
        part, self.reserved = self.reserved, None
        K.copy(part, tokens).sync()

    def load(self) -> float:
        return float(np.abs(self.buf.to_numpy()).sum())  # expect: TC104


expert = CapacityExpert(64)
expert.reserve()
print("load before dispatch", expert.load())  # expect-also
expert.dispatch(tr.ones((64,)))
