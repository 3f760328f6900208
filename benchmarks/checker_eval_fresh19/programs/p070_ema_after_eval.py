"""An EMA's evaluation forward on the shadow weights is waited before the next `update()`."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


class EMA:
    def __init__(self, live: tr.Tensor, decay: float) -> None:
        self.live = live
        self.shadow = tr.zeros(live.shape[0])
        self.decay = decay

    def update(self) -> None:
        K.scale_(tiles(self.shadow), self.decay).sync()
        K.axpy(tiles(self.shadow), self.live, 1.0 - self.decay).sync()


live = upload(np.ones(64))
ema = EMA(live, 0.5)
ema.update()
x = upload(np.arange(64))
eval_out = tr.zeros(64)
pending = K.mul(tiles(eval_out), x, ema.shadow).submit()
shadow_now = ema.shadow.to_numpy().copy()  # only read in flight
pending.wait()
ema.update()
np.testing.assert_allclose(eval_out.to_numpy(), 0.5 * np.arange(64))
np.testing.assert_allclose(ema.shadow.to_numpy(), 0.75)
assert shadow_now[0] == 0.5
print("ok")
