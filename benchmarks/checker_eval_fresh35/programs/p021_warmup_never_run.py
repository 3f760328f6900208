import time

from tilekit import mul

import tilert as tr


def bench(n, iters=10):
    a = tr.full((n,), 1.5)
    b = tr.full((n,), 2.0)
    c = tr.empty((n,))
    # warm-up: compile the kernel before timing
    mul(c.partition((512,)), a, b)  # expect: TC105
    start = time.perf_counter()
    for _ in range(iters):
        mul(c.partition((512,)), a, b).sync()
    return (time.perf_counter() - start) / iters * 1e6


for n in (1 << 12, 1 << 14):
    print(f"n={n}: {bench(n):.1f} us")  # expect-also: TC105
