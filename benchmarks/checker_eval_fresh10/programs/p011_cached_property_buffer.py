"""A rotary table kept in a cached_property: a tensor, made once, read by every launch."""

from functools import cached_property

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


class Rotary:
    def __init__(self, n: int) -> None:
        self.n = n

    @cached_property
    def table(self) -> tr.Tensor:
        return tr.from_numpy(np.linspace(0.0, 1.0, self.n, dtype=np.float32))

    def apply(self, out: tr.Tensor, x: tr.Tensor) -> tr.Pending:
        return k.mul(tiles(out), x, self.table).submit()


rot = Rotary(8)
xs = [tr.full((8,), float(i + 1), dtype=f32) for i in range(3)]
outs = [tr.zeros((8,), dtype=f32) for _ in xs]
pends = [rot.apply(o, x) for o, x in zip(outs, xs, strict=True)]
table = rot.table.to_numpy()  # only read by the ops in flight
for p in pends:
    p.wait()
for i, o in enumerate(outs):
    np.testing.assert_allclose(o.to_numpy(), (i + 1) * table)
