"""Capture one decode projection; the checkpoint's weight is converted before the capture."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 128
rng = np.random.default_rng(7)
w_ckpt = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float16))
x = tr.from_numpy(rng.standard_normal(D).astype(np.float32))
y = tr.empty((D,))

w = w_ckpt.astype(tr.f32)
tk.gemv(y, w, x).sync()  # tune outside
with tr.graph() as g:
    g.record(tk.gemv(y, w, x))
g.launch().wait()
g.close()
expect = w_ckpt.to_numpy().astype(np.float32) @ x.to_numpy()
np.testing.assert_allclose(y.to_numpy(), expect, rtol=1e-4, atol=1e-4)
