"""Benchmark: the same launch timed on the default stream, then on a side stream."""

import time

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

n = 1 << 14
x, y = upload(np.ones(n)), upload(np.arange(n))
out = tr.zeros((n,), name="out")
side = tr.Stream()
op = K.add(tiles(out), x, y)
timings = {}
t0 = time.perf_counter()
op.sync()
timings["default"] = time.perf_counter() - t0
t0 = time.perf_counter()
op.sync_on(side)  # expect: TC110
timings["side"] = time.perf_counter() - t0
print({k: f"{v * 1e3:.2f} ms" for k, v in timings.items()})
