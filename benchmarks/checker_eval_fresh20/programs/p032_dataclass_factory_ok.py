"""A dataclass kernel runner makes a fresh op from a factory method on every run."""

from dataclasses import dataclass, field

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


@dataclass
class Runner:
    x: tr.Tensor
    out: tr.Tensor = field(default_factory=lambda: tr.zeros((32,)))

    def __post_init__(self) -> None:
        self.make().sync()

    def make(self) -> tr.Op:
        return K.scale(tiles(self.out), self.x, 1.0)

    def run(self) -> np.ndarray:
        self.make().sync()
        return self.out.to_numpy()


r = Runner(upload(np.arange(32)))
for _ in range(3):
    np.testing.assert_allclose(r.run(), np.arange(32))
