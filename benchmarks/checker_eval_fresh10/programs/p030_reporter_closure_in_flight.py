"""A reporter closure over the output buffer, called while the update is in flight."""

from collections.abc import Callable

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


def make_reporter(t: Tensor[f32]) -> Callable[[], float]:
    return lambda: float(t.to_numpy().mean())  # expect: TC102


params = tr.ones((8,), dtype=f32)
update = tr.zeros((8,), dtype=f32)
report = make_reporter(update)
pend = k.scale(tiles(update), params, -0.01).submit()
mean = report()  # expect-also
pend.wait()
print(mean)
