"""Workspace buffers memoized with functools.lru_cache, one per size."""

from __future__ import annotations

import functools

import numpy as np
from llmcraft import kernels as k

import tilert as tr


@functools.lru_cache(maxsize=4)
def workspace(n: int) -> np.ndarray:
    return np.zeros(n, dtype=np.float32)


x = tr.full((8,), 3.0)
k.scale(workspace(8), x, 2.0).sync()  # expect: TC106
print(workspace(8))
