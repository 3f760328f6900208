"""A benchmarking helper that is handed the op to time."""

import time

import tilert as tr
import tilert.kernels as tk


def time_op(op: tr.Op, iters: int = 5) -> float:
    t0 = time.perf_counter()
    for _ in range(iters):
        op.sync()  # expect: TC110
    return (time.perf_counter() - t0) / iters * 1e3


rows, cols = 32, 512
x = tr.ones((rows, cols))
out = tr.empty((rows, cols))
ms = time_op(tk.softmax(out, x))  # expect-also: TC110
print(f"softmax {rows}x{cols}: {ms:.3f} ms")
