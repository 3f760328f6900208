"""A micro-benchmark: the warmup launch is submitted and waited, then the timed loop submits
every launch and waits for them all once."""

import time

from llmcraft import axpy

import tilert as tr


def bench_axpy(n: int, iters: int) -> float:
    x = tr.ones((n,), name="x")
    ys = [tr.zeros((n,), name=f"y{i}") for i in range(iters)]
    axpy(ys[0].partition((256,)), x, 1.0).submit().wait()
    start = time.perf_counter()
    pendings = [axpy(y.partition((256,)), x, 1.0).submit() for y in ys]
    for p in pendings:
        p.wait()
    return (time.perf_counter() - start) / iters


if __name__ == "__main__":
    for n in (1024, 4096):
        print(n, f"{bench_axpy(n, 5) * 1e6:.1f} us")
