"""Benchmark: the ops are built by a function, once for the warm-up and once for timing."""

import time

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

bufs = [tr.zeros((256,)) for _ in range(4)]
src = tr.ones((256,))


def build() -> list[tr.Op]:
    return [K.scale(tiles(b, 64), src, float(i)) for i, b in enumerate(bufs)]


for op in build():  # warm-up
    op.sync()

start = time.perf_counter()
for op in build():
    op.sync()
elapsed = time.perf_counter() - start
assert np.all(bufs[3].to_numpy() == 3.0)
print(f"{elapsed * 1e3:.3f} ms")
