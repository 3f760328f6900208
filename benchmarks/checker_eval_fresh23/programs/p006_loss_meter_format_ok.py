import numpy as np
from llmpress import kernels as K
from llmpress.host import tiles

import tilert as tr


class LossMeter:
    """Running per-token loss, printable with a format spec."""

    def __init__(self, n: int):
        self.losses = tr.zeros((n,), name="losses")
        self.pending = None

    def update(self, batch_loss):
        self.pending = K.axpy(tiles(self.losses), batch_loss, 0.5).submit()

    def __format__(self, spec):
        return format(float(self.losses.to_numpy().mean()), spec)


meter = LossMeter(192)
for step in range(3):
    batch = tr.from_numpy(np.full(192, 2.0 + step, dtype=np.float32))
    meter.update(batch)
    meter.pending.wait()
    print(f"step {step} loss {meter:.4f}")
assert abs(float(meter.losses.to_numpy()[0]) - 4.5) < 1e-6
