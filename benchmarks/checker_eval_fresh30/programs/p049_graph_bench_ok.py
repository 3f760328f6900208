"""Benchmark a captured step: launch the graph N times, waiting for each replay."""

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
launches = [g.launch() for _ in range(20)]
for pending in launches:
    pending.wait()
print(f"{(time.perf_counter() - start) / 20 * 1e3:.3f} ms per replay")
g.close()
print(float(y.to_numpy()[0]))
