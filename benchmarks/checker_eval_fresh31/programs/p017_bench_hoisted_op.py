"""Time a softmax the way quick benchmark scripts do: warm up, then a timed loop."""

import time

import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 64, 512
WARMUP, ITERS = 2, 10


def main() -> None:
    x = tr.from_numpy(np.random.default_rng(0).standard_normal((ROWS, COLS)).astype(np.float32))
    y = tr.empty((ROWS, COLS))
    for _ in range(WARMUP):
        tk.softmax(y, x).sync()
    op = tk.softmax(y, x)
    start = time.perf_counter()
    for _ in range(ITERS):
        op.sync()  # expect: TC110
    ms = (time.perf_counter() - start) * 1e3 / ITERS
    gbps = 2 * x.nbytes / (ms * 1e-3) / 1e9
    print(f"softmax {ROWS}x{COLS}: {ms:.3f} ms, {gbps:.2f} GB/s")


main()
