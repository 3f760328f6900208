import numpy as np
from trainkit import TILE, scale, sgd_step, sq_accumulate

import tilert as tr


class ClippingOptimizer:
    def __init__(self, n: int, max_norm: float) -> None:
        self.param = tr.ones((n,), name="param")
        self.grad = tr.zeros((n,), name="grad")
        self.sq = tr.zeros((n,), name="sq")
        self.max_norm = max_norm

    def clip(self) -> None:
        sq_accumulate(self.sq.partition((TILE,)), self.grad).sync()
        norm = float(np.sqrt(self.sq.to_numpy().sum()))
        if norm > self.max_norm:
            scale(self.grad, self.max_norm / norm).sync()  # expect: TC106

    def step(self, grad_np: np.ndarray) -> None:
        self.grad.copy_from(grad_np)
        self.clip()
        sgd_step(self.param.partition((TILE,)), self.grad, 0.1).sync()


opt = ClippingOptimizer(1024, max_norm=1.0)
opt.step(np.full(1024, 0.5, dtype=np.float32))  # expect-also: TC106
print(opt.param.to_numpy()[0])
