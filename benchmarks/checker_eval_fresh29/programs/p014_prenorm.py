"""Pre-norm transformer step with tilert.kernels: rmsnorm, then a linear projection, then the
next batch of hidden states is loaded into the same input buffer."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D, F = 8, 64, 128
rng = np.random.default_rng(3)
x = tr.from_numpy(rng.standard_normal((T, D)).astype(np.float32), name="x")
norm_w = tr.ones((D,))
w_up = tr.from_numpy((rng.standard_normal((F, D)) / np.sqrt(D)).astype(np.float32))
normed = tr.empty((T, D), name="normed")
up = tr.empty((T, F), name="up")

for step in range(3):
    norm_pending = tk.rmsnorm(normed, x, norm_w, eps=1e-6).submit()
    up_pending = tk.linear(up, normed, w_up).submit()
    next_batch = rng.standard_normal((T, D)).astype(np.float32)
    x.copy_from(next_batch)  # expect: TC103
    norm_pending.wait()
    up_pending.wait()
    print(step, float(np.abs(up.to_numpy()).mean()))
