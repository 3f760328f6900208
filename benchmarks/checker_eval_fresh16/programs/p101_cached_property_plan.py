"""A layer's partition lives in a functools.cached_property; its stats read the buffer."""

import functools

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


class Norm:
    def __init__(self, n: int) -> None:
        self.buf = vec(n, 1.0)

    @functools.cached_property
    def plan(self) -> tr.Partition:
        return tiles(self.buf)

    def stats(self) -> float:
        return float(self.buf.to_numpy().std())  # expect: TC104


norm = Norm(32)
print(norm.plan.num_tiles)
print(norm.stats())  # expect-also
scale(norm.plan, vec(32, 1.0), 2.0).sync()
