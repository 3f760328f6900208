"""Pipeline stages from an abstract base: prepare() keeps the plan, summary() reads the buffer."""

from abc import ABC, abstractmethod

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class Stage(ABC):
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))
        self._plan = None

    def prepare(self) -> None:
        self._plan = tiles(self.buf)

    def summary(self) -> str:
        return f"{type(self).__name__}: {self.buf.to_numpy().mean():.2f}"  # expect: TC104

    @abstractmethod
    def run(self, x: tr.Tensor) -> None: ...


class Relu(Stage):
    def run(self, x: tr.Tensor) -> None:
        K.relu(self._plan, x).sync()


stage = Relu(32)
stage.prepare()
print(stage.summary())  # expect-also
stage.run(vec(np.linspace(-1, 1, 32)))
