"""functools.partial binding tensors only; each call makes fresh tiles."""

from functools import partial

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


def scale_into(out: Tensor[f32], x: Tensor[f32], s: float) -> tr.Op:
    return k.scale(tiles(out), x, s)


out = tr.zeros((8,), dtype=f32)
x = tr.arange(8, dtype=f32)
into_out = partial(scale_into, out, x)
into_out(1.0).sync()
into_out(2.0).sync()
np.testing.assert_allclose(out.to_numpy(), 2 * np.arange(8))
