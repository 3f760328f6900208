"""Micro-benchmark of a fused add with timeit.repeat, a fresh op per run."""

import timeit

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

n = 1 << 12
a, b = upload(np.ones(n)), upload(np.arange(n))
out = tr.zeros((n,), name="out")
times = timeit.repeat(lambda: K.add(tiles(out), a, b).sync(), number=2, repeat=3)
assert len(times) == 3
assert out.to_numpy()[5] == 6.0
print(f"best {min(times) * 1e3:.3f} ms")
