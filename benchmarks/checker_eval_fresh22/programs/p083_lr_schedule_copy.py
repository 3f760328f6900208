"""A warm-up learning-rate schedule kept in a device tensor, updated each step."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class WarmupLR:
    def __init__(self, n: int, peak: float, warmup: int) -> None:
        self.lr = tr.zeros((n,), name="lr")
        self.n, self.peak, self.warmup, self.t = n, peak, warmup, 0

    def step(self) -> None:
        self.t += 1
        value = self.peak * min(1.0, self.t / self.warmup)
        self.lr.copy_from(np.full(self.n, value, dtype=np.float32))  # expect: TC103


sched = WarmupLR(128, 0.1, 4)
sched.step()
grad = upload(np.ones(128))
step_size = tr.zeros((128,), name="step_size")
for _ in range(3):
    pending = K.mul(tiles(step_size), grad, sched.lr).submit()
    sched.step()  # expect-also
    pending.wait()
print(step_size.to_numpy()[0])
