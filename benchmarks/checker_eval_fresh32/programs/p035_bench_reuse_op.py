"""Benchmarking a kernel the way one times a torch function: build the call once and run it in
the timing loop."""

import time

from llmcraft import scale

import tilert as tr

N = 1 << 12
ITERS = 10

x = tr.ones((N,), name="x")
y = tr.empty((N,), name="y")
op = scale(y.partition((512,)), x, 3.0)

times = []
for _ in range(ITERS):
    start = time.perf_counter()
    op.sync()  # expect: TC110
    times.append(time.perf_counter() - start)
print(f"median {sorted(times)[ITERS // 2] * 1e6:.1f} us")
