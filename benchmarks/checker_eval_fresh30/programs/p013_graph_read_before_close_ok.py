"""Warm up a captured step, time the replays, then check the output after closing."""

import time

import numpy as np
from llmquill import add, relu

import tilert as tr

N = 4096
x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
bias = tr.full((N,), 0.1)
tmp = tr.empty((N,))
out = tr.empty((N,))

with tr.graph() as g:
    g.record(add(tmp.partition((1024,)), x, bias))
    g.record(relu(out.partition((1024,)), tmp))

g.launch().wait()
start = time.perf_counter()
for _ in range(10):
    g.launch().wait()
print(f"{(time.perf_counter() - start) * 1e2:.3f} ms/replay")
g.close()
assert out.to_numpy().min() >= 0.0
