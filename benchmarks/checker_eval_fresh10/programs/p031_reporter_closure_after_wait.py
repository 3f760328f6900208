"""A reporter closure over the output buffer, called after the update was waited."""

from collections.abc import Callable

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


def make_reporter(t: Tensor[f32]) -> Callable[[], float]:
    return lambda: float(t.to_numpy().mean())


params = tr.ones((8,), dtype=f32)
update = tr.zeros((8,), dtype=f32)
report = make_reporter(update)
pend = k.scale(tiles(update), params, -0.01).submit()
pend.wait()
assert np.isclose(report(), -0.01)
