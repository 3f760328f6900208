"""A micro-benchmark: the warmup launch is submitted and forgotten, then the timed loop runs
synced launches."""

import time

from llmcraft import axpy

import tilert as tr


def bench_axpy(n: int, iters: int) -> float:
    x = tr.ones((n,), name="x")
    y = tr.zeros((n,), name="y")
    axpy(y.partition((256,)), x, 1.0).submit()  # expect: TC108
    start = time.perf_counter()
    for _ in range(iters):
        axpy(y.partition((256,)), x, 1.0).sync()
    return (time.perf_counter() - start) / iters


if __name__ == "__main__":
    for n in (1024, 4096):
        print(n, f"{bench_axpy(n, 5) * 1e6:.1f} us")  # expect-also: TC108
