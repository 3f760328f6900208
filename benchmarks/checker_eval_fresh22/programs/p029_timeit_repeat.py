"""Micro-benchmark of a fused add with timeit.repeat."""

import timeit

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

n = 1 << 12
a, b = upload(np.ones(n)), upload(np.arange(n))
out = tr.zeros((n,), name="out")
op = K.add(tiles(out), a, b)
times = timeit.repeat(op.sync, number=1, repeat=3)  # expect: TC110
print(f"best {min(times) * 1e3:.3f} ms")
