"""A benchmark harness that times an op by running the same Op object repeatedly."""

import time

from llmreef import relu

import tilert as tr


def bench(op: tr.Op, iters: int) -> float:
    t0 = time.perf_counter()
    for _ in range(iters):
        op.sync()  # expect: TC110
    return (time.perf_counter() - t0) / iters


x = tr.arange(4096)
y = tr.empty((4096,))
print(bench(relu(y.partition((1024,)), x), 5))  # expect-also: TC110
