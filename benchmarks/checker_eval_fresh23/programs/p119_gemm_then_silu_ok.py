"""MLP up-projection chained to SwiGLU: the gate/up buffer goes from one op to the next."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D, F = 4, 64, 32
rng = np.random.default_rng(5)
xs = rng.standard_normal((T, D)).astype(np.float32)
ws = (rng.standard_normal((D, 2 * F)) / 8).astype(np.float32)
x, w = tr.from_numpy(xs), tr.from_numpy(ws)
gate_up = tr.empty((T, 2 * F))
act = tr.empty((T, F))

pending = tk.gemm(gate_up, x, w).then(lambda *_: tk.silu_and_mul(act, gate_up)).submit()
print("input norm", float(np.linalg.norm(x.to_numpy())))
pending.wait()
gu = xs @ ws
g, u = gu[:, :F], gu[:, F:]
np.testing.assert_allclose(act.to_numpy(), g / (1 + np.exp(-g)) * u, rtol=2e-3, atol=2e-3)
