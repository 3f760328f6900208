"""An optimizer whose plan_update() returns the op; one call site forgets to run it."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class SGD:
    def __init__(self, params: tr.Tensor, grads: tr.Tensor, lr: float) -> None:
        self.params, self.grads, self.lr = params, grads, lr

    def plan_update(self) -> tr.Op:
        return K.axpy(tiles(self.params), self.grads, -self.lr)  # expect: TC105


opt = SGD(tr.ones((128,)), tr.full((128,), 0.5), 0.1)
opt.plan_update().sync()
opt.plan_update()  # expect-also
print(opt.params.to_numpy()[0])
