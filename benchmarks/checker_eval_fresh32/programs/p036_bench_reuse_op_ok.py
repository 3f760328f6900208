"""Benchmarking a kernel: a fresh op per timed iteration, built by a small factory."""

import time

from llmcraft import scale

import tilert as tr

N = 1 << 12
ITERS = 10

x = tr.ones((N,), name="x")
y = tr.empty((N,), name="y")


def make_op() -> tr.Op:
    return scale(y.partition((512,)), x, 3.0)


times = []
for _ in range(ITERS):
    start = time.perf_counter()
    make_op().sync()
    times.append(time.perf_counter() - start)
print(f"median {sorted(times)[ITERS // 2] * 1e6:.1f} us")
