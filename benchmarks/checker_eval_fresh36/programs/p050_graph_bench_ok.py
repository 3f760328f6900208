"""Benchmarking a captured decode step: replays are launched back to back, the last one is
waited (each replay orders itself after the one before), and every Pending is kept and waited."""

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
launches = [g.launch() for _ in range(20)]
for p in launches:
    p.wait()
elapsed = time.perf_counter() - t0
g.close()
print(f"{elapsed / 20 * 1e6:.1f} us per replay", float(down.to_numpy().std()))
