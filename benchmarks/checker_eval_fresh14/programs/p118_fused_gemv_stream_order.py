"""A decode layer with the fused GEMVs: `gemv_rmsnorm` then `gemv_residual` reading its
unwaited output in stream order, waited in reverse and checked against numpy."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(10)
d = 32
x_np = rng.standard_normal(d).astype(np.float32)
w1_np = (rng.standard_normal((d, d)) / np.sqrt(d)).astype(np.float32)
w2_np = (rng.standard_normal((d, d)) / np.sqrt(d)).astype(np.float32)
nw_np = np.ones(d, np.float32)
x, w1, w2, nw = (tr.from_numpy(a) for a in (x_np, w1_np, w2_np, nw_np))
h, out = tr.zeros((d,)), tr.zeros((d,))
p1 = tk.gemv_rmsnorm(h, w1, x, nw).submit()
p2 = tk.gemv_residual(out, w2, h, x).submit()
p2.wait()
p1.wait()
h_ref = w1_np @ (x_np / np.sqrt(np.mean(x_np * x_np) + 1e-6) * nw_np)
np.testing.assert_allclose(h.to_numpy(), h_ref, rtol=1e-4, atol=1e-5)
np.testing.assert_allclose(out.to_numpy(), x_np + w2_np @ h_ref, rtol=1e-4, atol=1e-4)
