"""A decode graph that prefetches the next layer's weight into L2 on a side branch."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(4)
w0_np = (rng.standard_normal((64, 64)) / 8).astype(np.float32)
w1_np = (rng.standard_normal((64, 64)) / 8).astype(np.float32)
x_np = rng.standard_normal(64).astype(np.float32)
w0, w1, x = tr.from_numpy(w0_np), tr.from_numpy(w1_np), tr.from_numpy(x_np)
h, y = tr.zeros((64,), name="h"), tr.zeros((64,), name="y")
side = tr.Stream()
with tr.graph() as g:
    g.record(tk.prefetch_l2(w1), stream=side)  # only reads w1, beside the first GEMV
    g.record(tk.gemv(h, w0, x))
    g.record(tk.gemv(y, w1, h))  # reads h, which the graph wrote: ordered by the graph
print("kernels per step:", len(g))
g.launch().wait()
g.close()
np.testing.assert_allclose(y.to_numpy(), w1_np @ (w0_np @ x_np), rtol=1e-4, atol=1e-5)
