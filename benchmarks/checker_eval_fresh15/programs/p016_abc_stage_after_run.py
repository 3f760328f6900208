"""Pipeline stages from an abstract base: the plan is made and consumed inside run()."""

from abc import ABC, abstractmethod

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class Stage(ABC):
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))

    def summary(self) -> str:
        return f"{type(self).__name__}: {self.buf.to_numpy().max():.2f}"

    @abstractmethod
    def run(self, x: tr.Tensor) -> None: ...


class Relu(Stage):
    def run(self, x: tr.Tensor) -> None:
        K.relu(tiles(self.buf), x).sync()


stage = Relu(32)
print(stage.summary())
stage.run(vec(np.linspace(-1, 1, 32)))
assert stage.summary() == "Relu: 1.00"
