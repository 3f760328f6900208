"""Keep an exponential moving average of the weights and checkpoint it every few steps."""

import numpy as np
from servekit import TILE, axpy, scale

import tilert as tr


class EMA:
    def __init__(self, w: tr.Tensor, decay: float = 0.9) -> None:
        self.decay = decay
        self.shadow = tr.zeros(w.shape, name="ema")
        self.tmp = tr.zeros(w.shape)
        self.pending: tr.Pending | None = None

    def update(self, w: tr.Tensor) -> None:
        scale(self.tmp.partition((TILE,)), self.shadow, self.decay).sync()
        self.pending = axpy(self.tmp.partition((TILE,)), w, 1.0 - self.decay).submit()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        scale(self.shadow.partition((TILE,)), self.tmp, 1.0).sync()

    def state_dict(self) -> dict[str, np.ndarray]:
        return {"shadow": self.shadow.to_numpy().copy()}


w = tr.ones((512,))
ema = EMA(w)
ckpts = []
for step in range(4):
    ema.update(w)
    ema.finish()
    if step % 2 == 1:
        ckpts.append(ema.state_dict())
print(len(ckpts), "checkpoints")
