"""Time a launch by hand: the op is built once before the timing loop."""

import time

from llmcove import add

import tilert as tr


def time_add(n: int, iters: int = 20) -> float:
    x = tr.arange(n)
    y = tr.ones((n,))
    z = tr.empty((n,))
    op = add(z.partition((512,)), x, y)
    start = time.perf_counter()
    for _ in range(iters):
        op.sync()  # expect: TC110
    return (time.perf_counter() - start) * 1e3 / iters


for n in (1 << 12, 1 << 14):
    ms = time_add(n)  # expect-also: TC110
    print(f"n={n}: {ms:.4f} ms, {3 * 4 * n / ms / 1e6:.2f} GB/s")
