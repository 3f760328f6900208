"""A request handler: a validation error suppressed, the Pending waited in finally."""

from contextlib import suppress

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


def handle(x: tr.Tensor, out: tr.Tensor, limit: float) -> bool:
    pending = K.scale(tiles(out), x, 2.0).submit()
    try:
        with suppress(ValueError):
            if limit < 0:
                raise ValueError("negative limit")
            return True
        return False
    finally:
        pending.wait()


out = tr.zeros((32,))
assert handle(vec(np.ones(32)), out, 1.0)
assert not handle(vec(np.ones(32)), out, -1.0)
assert np.allclose(out.to_numpy(), 2.0)
