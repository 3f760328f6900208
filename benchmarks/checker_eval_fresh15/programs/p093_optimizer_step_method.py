"""An SGD optimizer whose step() updates a weight the submitted forward still reads."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class SGD:
    def __init__(self, params: dict[str, tr.Tensor], lr: float) -> None:
        self.params, self.lr = params, lr

    def step(self, grads: dict[str, tr.Tensor]) -> None:
        for name, w in self.params.items():
            scaled = tr.zeros(w.shape)
            K.scale(tiles(scaled), grads[name], -self.lr).sync()
            K.accum(tiles(w), scaled).sync()  # expect: TC103


w = vec(np.ones(32))
opt = SGD({"w": w}, lr=0.1)
x = vec(np.arange(32))
y = tr.zeros((32,))
forward = K.mul(tiles(y), x, w).submit()
opt.step({"w": vec(np.ones(32))})  # expect-also
forward.wait()
