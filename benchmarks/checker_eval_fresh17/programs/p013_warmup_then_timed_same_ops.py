"""Benchmark: a list of ops is synced once as a warm-up, then the same list is timed."""

import time

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

bufs = [tr.zeros((256,)) for _ in range(4)]
src = tr.ones((256,))
ops = [K.scale(tiles(b, 64), src, float(i)) for i, b in enumerate(bufs)]

for op in ops:  # warm-up
    op.sync()

start = time.perf_counter()
for op in ops:
    op.sync()  # expect: TC110
print(f"{(time.perf_counter() - start) * 1e3:.3f} ms")
