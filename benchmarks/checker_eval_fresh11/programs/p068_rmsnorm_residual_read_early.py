"""tk.rmsnorm with a residual (a second output) submitted; the residual is logged early."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(8)
x = tr.from_numpy(rng.standard_normal((4, 64)).astype(np.float32))
residual = tr.from_numpy(rng.standard_normal((4, 64)).astype(np.float32))
out = tr.empty((4, 64), dtype=tr.f32)
w = tr.ones((64,), dtype=tr.f32)
pend = tk.rmsnorm(out, x, w, residual=residual).submit()
print("residual norm", float(np.linalg.norm(residual.to_numpy())))  # expect: TC102
pend.wait()
