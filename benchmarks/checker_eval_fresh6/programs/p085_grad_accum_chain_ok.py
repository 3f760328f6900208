"""Gradient accumulation as one `.then` chain over micro-batches (the gradient partition moves
along the chain), and an optimizer dataclass that applies it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmforge import kernels as k

import tilert as tr

N = 64


@dataclass
class Adamless:
    lr: float
    param: tr.Tensor

    def apply(self, grad: tr.Tensor, steps: int) -> None:
        k.axpy(self.param.partition((16,)), grad, -self.lr / steps).sync()


def accumulate(grad: tr.Tensor, micro: list[tr.Tensor]) -> tr.Op:
    chain = k.fill(grad.partition((16,)), 0.0)
    for m in micro:
        chain = chain.then(lambda gp, *_, m=m: k.acc(gp, m))
    return chain


grad = tr.empty((N,))
micro = [tr.full((N,), float(i)) for i in range(1, 5)]
accumulate(grad, micro).sync()
opt = Adamless(lr=0.4, param=tr.ones((N,)))
opt.apply(grad, len(micro))
assert np.allclose(opt.param.to_numpy(), 1.0 - 0.4 * 10 / 4)
print(opt.param.to_numpy()[0])
