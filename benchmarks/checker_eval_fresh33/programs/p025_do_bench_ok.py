"""Benchmark the library softmax with tilert's do_bench."""

import tilert as tr
import tilert.kernels as tk
from tilert.testing import do_bench


def bench_softmax(rows: int, cols: int) -> float:
    x = tr.ones((rows, cols))
    out = tr.empty((rows, cols))
    return do_bench(lambda: tk.softmax(out, x))


for rows, cols in [(8, 256), (16, 512)]:
    ms = bench_softmax(rows, cols)
    gbs = 2 * rows * cols * 4 / (ms * 1e-3) / 1e9
    print(f"softmax {rows}x{cols}: {ms:.3f} ms, {gbs:.2f} GB/s")
