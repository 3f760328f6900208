"""A loss meter formatted with `f"{meter:.4f}"`: its `__format__` reads the device value."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class LossMeter:
    def __init__(self) -> None:
        self.buf = tr.zeros((16,), name="loss")

    def __format__(self, spec: str) -> str:
        return format(float(self.buf.to_numpy().mean()), spec)  # expect: TC102


meter = LossMeter()
pred = tr.from_numpy(np.full(16, 0.5, np.float32))
target = tr.from_numpy(np.full(16, 0.25, np.float32))
done = K.mul(tiles(meter.buf), pred, target).submit()
print(f"step 0 loss {meter:.4f}")  # expect-also
done.wait()
