"""Weights loaded through ``functools.cache`` (one tensor per name); the host reads the cached
weight while a submitted ``tk.gemv`` only reads it."""

from functools import cache

import numpy as np

import tilert as tr
import tilert.kernels as tk


@cache
def weight(name: str) -> tr.Tensor[tr.f32]:
    seed = sum(map(ord, name))
    return tr.from_numpy(np.random.default_rng(seed).standard_normal((8, 32)).astype(np.float32))


x = tr.from_numpy(np.ones(32, np.float32))
y = tr.empty((8,))
pending = tk.gemv(y, weight("proj"), x).submit()
row_sums = weight("proj").to_numpy().sum(axis=1)
pending.wait()
assert weight("proj") is weight("proj")
assert np.allclose(y.to_numpy(), row_sums, atol=1e-4)
