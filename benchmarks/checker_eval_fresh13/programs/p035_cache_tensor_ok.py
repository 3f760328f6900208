"""functools.cache memoising a tensor (not an op): each call makes a fresh partition of it."""

from functools import cache

import numpy as np
from llmrig import kernels as K

import tilert as tr


@cache
def workspace(n: int) -> tr.Tensor:
    return tr.zeros(n)


x = tr.arange(128)
for _ in range(3):
    K.accum(workspace(128).partition((64,)), x).sync()
assert np.array_equal(workspace(128).to_numpy(), 3 * np.arange(128, dtype=np.float32))
