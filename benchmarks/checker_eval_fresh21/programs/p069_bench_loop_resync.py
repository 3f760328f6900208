"""A micro-benchmark that builds the op once and syncs it for warm-up and timed iterations."""

import time

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x, out = H.upload(np.arange(1024)), tr.zeros((1024,))
op = K.scale(H.tiles(out), x, 2.0)
times = []
for _ in range(3):
    t0 = time.perf_counter()
    op.sync()  # expect: TC110
    times.append(time.perf_counter() - t0)
print(f"{min(times) * 1e6:.1f} us")
