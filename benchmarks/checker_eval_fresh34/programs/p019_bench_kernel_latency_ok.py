"""A micro-benchmark of the RMSNorm kernel at decode shapes: warm-up, then timed iterations
with events, reported as microseconds per call."""

import time

import numpy as np

import tilert as tr
import tilert.kernels as tk


def bench_rmsnorm(rows: int, cols: int, iters: int = 10, warmup: int = 2) -> float:
    x = tr.from_numpy(np.random.default_rng(rows).standard_normal((rows, cols)).astype(np.float32))
    w = tr.ones((cols,))
    out = tr.empty((rows, cols))
    for _ in range(warmup):
        tk.rmsnorm(out, x, w, eps=1e-6).sync()
    stream = tr.Stream()
    start = stream.record()
    t0 = time.perf_counter()
    for _ in range(iters):
        tk.rmsnorm(out, x, w, eps=1e-6).sync_on(stream)
    end = stream.record()
    end.synchronize()
    wall = (time.perf_counter() - t0) / iters * 1e6
    return max(start.elapsed_ms(end) * 1e3 / iters, wall)


for rows, cols in [(1, 256), (4, 256), (16, 512)]:
    print(f"rmsnorm {rows}x{cols}: {bench_rmsnorm(rows, cols):.1f} us")
