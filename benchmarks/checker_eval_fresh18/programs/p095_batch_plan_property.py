"""A batch scheduler exposing the batch buffer's plan as a property cached on first use; the
second wave of requests launches with the spent plan."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Scheduler:
    def __init__(self, batch: int, dim: int) -> None:
        self.batch_buf = tr.zeros((batch * dim,))
        self._plan: tr.Partition[tr.f32] | None = None

    @property
    def plan(self) -> tr.Partition[tr.f32]:
        if self._plan is None:
            self._plan = tiles(self.batch_buf)
        return self._plan

    def run_wave(self, tokens: tr.Tensor[tr.f32]) -> None:
        K.copy(self.plan, tokens).sync()  # expect: TC109


sched = Scheduler(batch=4, dim=16)
for wave in range(2):
    sched.run_wave(vec(np.full(64, float(wave))))  # expect-also
print(sched.batch_buf.to_numpy()[0])
