"""A throughput benchmark: submit the kernel N times over distinct outputs, keep every Pending,
and wait for them all before stopping the clock."""

import time

from servekit import scale_into

import tilert as tr

ITERS, N = 8, 256

x = tr.ones((N,), name="x")
outs = [tr.empty((N,)) for _ in range(ITERS)]

start = time.perf_counter()
pendings = [scale_into(out.partition((128,)), x, 3.0).submit() for out in outs]
for p in pendings:
    p.wait()
elapsed = time.perf_counter() - start
print(f"{ITERS / elapsed:.0f} launches/s, out[0] {float(outs[0].to_numpy()[0])}")
