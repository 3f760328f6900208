"""An abstract Stage; the Gate stage's update runs after the forward's Pending is waited."""

import abc

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Stage(abc.ABC):
    @abc.abstractmethod
    def forward(self, x: tr.Tensor) -> tr.Pending: ...

    @abc.abstractmethod
    def update(self, grad: tr.Tensor, lr: float) -> None: ...


class Gate(Stage):
    def __init__(self, n: int) -> None:
        self.w = upload(np.ones(n))
        self.out = tr.zeros((n,))

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return K.mul(tiles(self.out), x, self.w).submit()

    def update(self, grad: tr.Tensor, lr: float) -> None:
        K.axpy(tiles(self.w), grad, -lr).sync()


stage = Gate(32)
pending = stage.forward(upload(np.arange(32)))
pending.wait()
stage.update(upload(np.full(32, 0.1)), 0.5)
np.testing.assert_allclose(stage.w.to_numpy(), np.full(32, 0.95), rtol=1e-6)
np.testing.assert_allclose(stage.out.to_numpy(), np.arange(32))
