"""A batch scheduler whose ``plan`` property makes a fresh partition each wave."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Scheduler:
    def __init__(self, batch: int, dim: int) -> None:
        self.batch_buf = tr.zeros((batch * dim,))

    @property
    def plan(self) -> tr.Partition[tr.f32]:
        return tiles(self.batch_buf)

    def run_wave(self, tokens: tr.Tensor[tr.f32]) -> None:
        K.copy(self.plan, tokens).sync()


sched = Scheduler(batch=4, dim=16)
for wave in range(2):
    sched.run_wave(vec(np.full(64, float(wave))))
assert np.all(sched.batch_buf.to_numpy() == 1.0)
