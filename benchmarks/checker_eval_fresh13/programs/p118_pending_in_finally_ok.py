"""A request handler raises a ValueError for a bad budget; the Pending is waited in finally."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


def handle(out: tr.Tensor, x: tr.Tensor, budget: int) -> None:
    pending = K.scale(tiles(out), x, 2.0).submit()
    try:
        if budget <= 0:
            raise ValueError("no budget")
    finally:
        pending.wait()


out = tr.zeros(128)
try:
    handle(out, tr.arange(128), 0)
except ValueError:
    pass
assert np.array_equal(out.to_numpy(), 2 * np.arange(128, dtype=np.float32))
