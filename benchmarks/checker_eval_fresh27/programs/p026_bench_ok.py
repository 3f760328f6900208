"""Benchmark a launch with do_bench, building a fresh op in every timed call."""

from llmcove import add

import tilert as tr


def bench_add(n: int) -> float:
    x = tr.arange(n)
    y = tr.ones((n,))
    z = tr.empty((n,))
    return tr.testing.do_bench(lambda: add(z.partition((512,)), x, y))


for n in (1 << 12, 1 << 14):
    ms = bench_add(n)
    print(f"n={n}: {ms:.4f} ms, {3 * 4 * n / ms / 1e6:.2f} GB/s")
