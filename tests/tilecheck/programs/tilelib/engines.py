"""A base class and a helper of a user's package, used through a subclass in another module
and through the module's name (``import tilelib.engines as engines; engines.tiles(t)``)."""

from __future__ import annotations

import tilert as tr
from tilelib.kernels import scale
from tilert import Tensor, f32


class Engine:
    def __init__(self) -> None:
        self.out = tr.zeros((1024,))
        self.pending: tr.Pending | None = None

    def step(self) -> None:
        self.pending = scale(self.out.partition((256,)), 2.0).submit()

    def drain(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def tiles(t: Tensor[f32]) -> tr.Partition[f32]:
    return t.partition((256,))
