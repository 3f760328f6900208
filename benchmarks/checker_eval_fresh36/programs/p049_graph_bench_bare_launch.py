"""Benchmarking a captured decode step: replays are launched back to back and timed on the
host clock; the Pendings of the replays are dropped, relying on close() to wait."""

import time

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, INTER = 64, 256
rng = np.random.default_rng(19)
x = tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32))
w_up = tr.from_numpy((rng.standard_normal((INTER, HIDDEN)) * 0.05).astype(np.float32))
w_down = tr.from_numpy((rng.standard_normal((HIDDEN, INTER)) * 0.05).astype(np.float32))
up = tr.empty((INTER,))
down = tr.empty((HIDDEN,))
tk.gemv(up, w_up, x).sync()
tk.gemv(down, w_down, up).sync()

with tr.graph() as g:
    g.record(tk.gemv(up, w_up, x))
    g.record(tk.gemv(down, w_down, up))

t0 = time.perf_counter()
for _ in range(20):
    g.launch()  # expect: TC108
g.close()
print(f"{(time.perf_counter() - t0) / 20 * 1e6:.1f} us per replay")
