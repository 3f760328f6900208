"""tk.rmsnorm with a residual stream; the host logs the residual's norm before the wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(4)
x = tr.from_numpy(rng.standard_normal((4, 32)).astype(np.float32))
res = tr.from_numpy(rng.standard_normal((4, 32)).astype(np.float32))
w = tr.ones((32,))
out = tr.zeros((4, 32))
pending = tk.rmsnorm(out, x, w, residual=res).submit()
norm = float(np.linalg.norm(res.to_numpy()))  # expect: TC102
pending.wait()
print(norm)
