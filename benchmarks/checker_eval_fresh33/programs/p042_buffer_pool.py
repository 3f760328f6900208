"""A buffer pool keyed by name; the momentum update writes into a pooled buffer."""

import numpy as np
from servekit import TILE, axpy, sgd_step

import tilert as tr


class Momentum:
    def __init__(self, n: int, beta: float = 0.9) -> None:
        self.beta = beta
        self.buffers = {"velocity": tr.zeros((n,)), "scratch": tr.zeros((n,))}

    def step(self, param: tr.Tensor, grad: tr.Tensor, lr: float) -> None:
        v = self.buffers["velocity"]
        axpy(v, grad, 1.0 - self.beta).sync()  # expect: TC106
        sgd_step(param.partition((TILE,)), v, lr).sync()


param = tr.ones((512,))
opt = Momentum(512)
for _ in range(2):
    opt.step(param, tr.full((512,), 0.2), lr=0.1)  # expect-also: TC106
print(float(np.asarray(param.to_numpy())[0]))
