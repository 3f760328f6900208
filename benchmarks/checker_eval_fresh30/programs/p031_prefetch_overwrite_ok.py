"""Input staging with two device buffers: fill one while the model reads the other."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

B, D = 8, 32
rng = np.random.default_rng(8)
host_batches = [rng.standard_normal((B, D)).astype(np.float32) for _ in range(4)]
w = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
x_cur = tr.empty((B, D), name="x0")
x_next = tr.empty((B, D), name="x1")
y = tr.empty((B, D), name="y")

x_cur.copy_from(host_batches[0])
totals = []
for i in range(len(host_batches)):
    pending = tk.gemm(y, x_cur, w).submit()
    if i + 1 < len(host_batches):
        x_next.copy_from(host_batches[i + 1])
    pending.wait()
    totals.append(float(y.to_numpy().sum()))
    x_cur, x_next = x_next, x_cur
print(totals)
