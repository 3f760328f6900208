"""Timing a fused step with timeit.repeat at module level: the statement is a lambda syncing one
op built before the timing."""

from __future__ import annotations

import timeit

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 2048

x = upload(np.arange(N), name="x")
y = tr.zeros(N, name="y")
step = K.scale(tiles(y), x, 0.5)
times = timeit.repeat(lambda: step.sync(), repeat=2, number=1)  # expect: TC110
print(f"best {min(times) * 1e6:.1f} us")
