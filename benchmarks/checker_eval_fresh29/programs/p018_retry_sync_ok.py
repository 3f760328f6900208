"""A benchmark harness that times an op by building a fresh Op each iteration."""

import time
from collections.abc import Callable

from llmreef import relu

import tilert as tr


def bench(make_op: Callable[[], tr.Op], iters: int) -> float:
    t0 = time.perf_counter()
    for _ in range(iters):
        make_op().sync()
    return (time.perf_counter() - t0) / iters


x = tr.arange(4096)
y = tr.empty((4096,))
print(bench(lambda: relu(y.partition((1024,)), x), 5))
