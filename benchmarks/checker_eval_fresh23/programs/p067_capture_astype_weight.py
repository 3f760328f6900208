"""Capture one decode projection; the checkpoint's weight is converted as the step is built."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 128
rng = np.random.default_rng(7)
w_ckpt = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float16))
x = tr.from_numpy(rng.standard_normal(D).astype(np.float32))
y = tr.empty((D,))

tk.gemv(y, tr.from_numpy(w_ckpt.to_numpy().astype(np.float32)), x).sync()  # tune outside
with tr.graph() as g:
    w = w_ckpt.astype(tr.f32)  # expect: TC111
    g.record(tk.gemv(y, w, x))
g.launch().wait()
g.close()
