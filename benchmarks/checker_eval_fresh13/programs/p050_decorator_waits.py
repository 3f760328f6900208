"""A decorator waiting the Pending the wrapped stage returns, so callers get settled buffers."""

from collections.abc import Callable
from functools import wraps

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


def settled(fn: Callable[..., tuple[tr.Tensor, tr.Pending]]) -> Callable[..., tr.Tensor]:
    @wraps(fn)
    def run(*args: object) -> tr.Tensor:
        out, pending = fn(*args)
        pending.wait()
        return out

    return run


@settled
def double(x: tr.Tensor) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros(x.shape[0])
    return out, K.scale(tiles(out), x, 2.0).submit()


y = double(tr.arange(128))
assert np.array_equal(y.to_numpy(), 2 * np.arange(128, dtype=np.float32))
