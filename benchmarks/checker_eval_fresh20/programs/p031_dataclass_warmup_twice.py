"""A dataclass kernel runner syncs its warm-up op in __post_init__ and again in run()."""

from dataclasses import dataclass, field

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


@dataclass
class Runner:
    x: tr.Tensor
    out: tr.Tensor = field(default_factory=lambda: tr.zeros((32,)))
    warmup: tr.Op | None = None

    def __post_init__(self) -> None:
        self.warmup = K.scale(tiles(self.out), self.x, 1.0)
        self.warmup.sync()

    def run(self) -> np.ndarray:
        assert self.warmup is not None
        self.warmup.sync()  # expect: TC110
        return self.out.to_numpy()


r = Runner(upload(np.arange(32)))
print(r.run()[:3])  # expect-also
