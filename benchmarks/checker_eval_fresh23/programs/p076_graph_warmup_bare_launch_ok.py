"""Benchmark a captured step: one untimed warm-up replay, then timed replays."""

import time

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import axpy

import tilert as tr

x = tr.from_numpy(np.ones(1 << 14, dtype=np.float32))
y = tr.zeros((1 << 14,))
with tr.graph() as g:
    g.record(axpy(tiles(y), x, 1.0))

g.launch().wait()
start = time.perf_counter()
for _ in range(10):
    g.launch().wait()
print(f"{(time.perf_counter() - start) / 10 * 1e6:.1f} us per replay")
g.close()
assert float(y.to_numpy()[0]) == 11.0
