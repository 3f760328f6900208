"""A helper that returns early on a cache hit; every path waits what it submitted first."""

import numpy as np
from llmweave.kernels import copy, scale

import tilert as tr


def lookup(cache: dict[int, tr.Tensor], key: int, src: tr.Tensor, out: tr.Tensor) -> float:
    pending = scale(out.partition((16,)), src, 2.0).submit()
    if key in cache:
        pending.wait()
        return float(cache[key].to_numpy()[0])
    buf = tr.zeros((64,))
    fill = copy(buf.partition((16,)), src).submit()
    pending.wait()
    fill.wait()
    cache[key] = buf
    return float(out.to_numpy()[0])


cache: dict[int, tr.Tensor] = {}
src, out = tr.full((64,), 3.0), tr.zeros((64,))
assert lookup(cache, 1, src, out) == 6.0
assert lookup(cache, 1, src, out) == 3.0
assert np.allclose(out.to_numpy(), 6.0)
print("lookup ok")
