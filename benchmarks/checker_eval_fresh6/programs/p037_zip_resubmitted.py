"""Two independent projections zipped into one op; the benchmark harness syncs the zip, then
submits the same zip again to time it."""

from __future__ import annotations

import time

from llmforge import kernels as k

import tilert as tr

N = 64
x = tr.ones((N,))
a, b = tr.zeros((N,)), tr.zeros((N,))
both = tr.zip(k.scale(a.partition((16,)), x, 2.0), k.scale(b.partition((16,)), x, 3.0))
both.sync()
start = time.perf_counter()
pending = both.submit()  # expect: TC110
pending.wait()
print(f"{(time.perf_counter() - start) * 1e3:.3f} ms")
