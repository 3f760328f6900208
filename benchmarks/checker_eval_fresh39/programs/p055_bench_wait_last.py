"""A throughput benchmark: submit the kernel N times over distinct outputs and wait only for
the last submission, assuming stream order covers the others."""

import time

from servekit import scale_into

import tilert as tr

ITERS, N = 8, 256

x = tr.ones((N,), name="x")
outs = [tr.empty((N,)) for _ in range(ITERS)]

start = time.perf_counter()
pending = None
for out in outs:
    pending = scale_into(out.partition((128,)), x, 3.0).submit()  # expect: TC108
assert pending is not None
pending.wait()
elapsed = time.perf_counter() - start
print(f"{ITERS / elapsed:.0f} launches/s")
