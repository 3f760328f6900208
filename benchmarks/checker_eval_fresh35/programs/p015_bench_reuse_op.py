import time

import numpy as np
from tilekit import axpy

import tilert as tr

N = 1 << 16
x = tr.from_numpy(np.random.default_rng(5).random(N, dtype=np.float32))
y = tr.zeros((N,))

op = axpy(y.partition((1024,)), x, 2.0)
op.sync()  # warm-up / compile

times = []
for _ in range(20):
    t0 = time.perf_counter()
    op.sync()  # expect: TC110
    times.append(time.perf_counter() - t0)
print(f"axpy: median {1e3 * np.median(times):.3f} ms")
