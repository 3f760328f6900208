"""The same layer with a plain property: a fresh op (and partition) on every run."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class Bias:
    def __init__(self, n: int) -> None:
        self.x = tr.zeros(n)
        self.b = tr.ones(n)

    @property
    def op(self) -> tr.Op:
        return K.accum(tiles(self.x), self.b)

    def run(self) -> None:
        self.op.sync()


layer = Bias(128)
layer.run()
layer.run()
assert np.all(layer.x.to_numpy() == 2.0)
