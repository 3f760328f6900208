from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import mul

import tilert as tr


def launched(fn: Callable[..., tr.Op]) -> Callable[..., tr.Pending]:
    """Turn an op builder into a function that starts the op right away."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs) -> tr.Pending:
        return fn(*args, **kwargs).submit()

    return wrapper


@launched
def gate(out: tr.Tensor, x: tr.Tensor, g: tr.Tensor) -> tr.Op:
    return mul(tiles(out), x, g)


x = tr.from_numpy(np.arange(128, dtype=np.float32))
g = tr.from_numpy(np.full(128, 0.5, dtype=np.float32))
out = tr.empty((128,))
handle = gate(out, x, g)
print("gated sum", out.to_numpy().sum())  # expect: TC102
handle.wait()
