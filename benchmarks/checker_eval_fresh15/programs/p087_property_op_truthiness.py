"""A layer exposing its launch as a property; `if layer.op:` builds an op only to test it."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class Layer:
    def __init__(self, x: tr.Tensor) -> None:
        self.x = x
        self.out = tr.zeros(x.shape)

    @property
    def op(self):
        return K.relu(tiles(self.out), self.x)  # expect: TC105


layer = Layer(vec(np.linspace(-1, 1, 32)))
if layer.op:  # expect-also
    layer.op.sync()
print(layer.out.to_numpy().max())
