from trainkit import TILE, sgd_step

import tilert as tr


class Optimizer:
    def __init__(self, param: tr.Tensor, grad: tr.Tensor, lr: float) -> None:
        self.param, self.grad, self.lr = param, grad, lr
        self._update = sgd_step(param.partition((TILE,)), grad, lr)

    def step(self) -> None:
        self._update.sync()  # expect: TC110


opt = Optimizer(tr.ones((1024,)), tr.full((1024,), 0.1), lr=0.5)
opt.step()
opt.step()  # expect-also: TC110
print(opt.param.to_numpy()[0])
