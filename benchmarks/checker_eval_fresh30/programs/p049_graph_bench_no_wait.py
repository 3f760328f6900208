"""Benchmark a captured step: launch the graph N times, then synchronize the stream."""

import time

import numpy as np
from llmquill import add, gelu

import tilert as tr

N = 4096
x, b = tr.from_numpy(np.ones(N, dtype=np.float32)), tr.full((N,), 0.5)
h, y = tr.empty((N,)), tr.empty((N,))
with tr.graph() as g:
    g.record(add(h.partition((1024,)), x, b))
    g.record(gelu(y.partition((1024,)), h))

g.launch().wait()
start = time.perf_counter()
for _ in range(20):
    g.launch()  # expect: TC108
g.stream.synchronize()
print(f"{(time.perf_counter() - start) / 20 * 1e3:.3f} ms per replay")
g.close()
