"""tk.rmsnorm with a residual stream: residual += x in place, out = rmsnorm(residual)."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(3)
x0 = rng.standard_normal((4, 32)).astype(np.float32)
r0 = rng.standard_normal((4, 32)).astype(np.float32)
w0 = (1 + 0.1 * rng.standard_normal(32)).astype(np.float32)
x, res, w = tr.from_numpy(x0), tr.from_numpy(r0.copy()), tr.from_numpy(w0)
out = tr.zeros((4, 32))
pending = tk.rmsnorm(out, x, w, residual=res).submit()
w_host = w.to_numpy()
pending.wait()
s = r0 + x0
expect = s / np.sqrt(np.mean(s * s, axis=1, keepdims=True) + 1e-6) * w_host
assert np.allclose(res.to_numpy(), s, atol=1e-5)
assert np.allclose(out.to_numpy(), expect, atol=1e-4)
