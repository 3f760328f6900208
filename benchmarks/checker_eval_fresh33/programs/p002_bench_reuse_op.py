"""Time axpy at a few sizes with a warmup and a fixed number of iterations."""

import time

from servekit import TILE, axpy

import tilert as tr


def time_axpy(n: int, iters: int = 10) -> float:
    x = tr.ones((n,))
    y = tr.zeros((n,))
    op = axpy(y.partition((TILE,)), x, 2.0)
    op.sync()  # warmup
    t0 = time.perf_counter()
    for _ in range(iters):
        op.sync()  # expect: TC110
    return (time.perf_counter() - t0) / iters * 1e3


if __name__ == "__main__":
    for n in (1024, 4096):
        ms = time_axpy(n)  # expect-also: TC110
        print(f"axpy n={n}: {ms:.3f} ms")
