"""A buffer wrapper whose `plan` property hands out a fresh partition each time it is read."""

import numpy as np
from llmcraft import kernels as k

import tilert as tr


class Buffer:
    def __init__(self, n: int) -> None:
        self.data = tr.zeros((n,))

    @property
    def plan(self) -> tr.Partition[tr.f32]:
        return self.data.partition((4,))


buf = Buffer(12)
src = tr.full((12,), 2.0)
k.copy(buf.plan, src).sync()
k.axpy(buf.plan, src, 0.5).sync()
k.scale_(buf.plan, 2.0).sync()
np.testing.assert_allclose(buf.data.to_numpy(), np.full(12, 6.0))
print("ok")
