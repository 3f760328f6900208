"""Input staging: copy the next host batch into the device buffer while the model runs."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

B, D = 8, 32
rng = np.random.default_rng(8)
host_batches = [rng.standard_normal((B, D)).astype(np.float32) for _ in range(4)]
w = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
x = tr.empty((B, D), name="x")
y = tr.empty((B, D), name="y")

x.copy_from(host_batches[0])
totals = []
for i in range(len(host_batches)):
    pending = tk.gemm(y, x, w).submit()
    if i + 1 < len(host_batches):
        x.copy_from(host_batches[i + 1])  # expect: TC102
    pending.wait()
    totals.append(float(y.to_numpy().sum()))
print(totals)
