"""A context manager hands out a buffer's plan; the body reads the buffer before launching."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr


class Planned:
    def __init__(self, t: tr.Tensor, tile: int) -> None:
        self.t, self.tile = t, tile
        self.plan: tr.Partition | None = None

    def __enter__(self) -> tr.Partition:
        self.plan = self.t.partition((self.tile,))
        return self.plan

    def __exit__(self, *exc: object) -> None:
        self.plan = None


acc = tr.zeros((32,))
with Planned(acc, 8) as plan:
    before = float(acc.to_numpy().sum())  # expect: TC104
    K.accum(plan, upload(np.ones(32))).sync()
