"""An EMA keeps a shadow copy of the weights; `update()` accumulates into the shadow while the
evaluation forward submitted on the shadow still reads it."""

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
        K.scale_(tiles(self.shadow), self.decay).sync()  # expect: TC103
        K.axpy(tiles(self.shadow), self.live, 1.0 - self.decay).sync()


live = upload(np.ones(64))
ema = EMA(live, 0.9)
ema.update()
x = upload(np.arange(64))
eval_out = tr.zeros(64)
pending = K.mul(tiles(eval_out), x, ema.shadow).submit()
ema.update()  # expect-also
pending.wait()
