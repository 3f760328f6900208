"""tk.linear then tk.silu_and_mul submitted in stream order, waited in reverse, checked."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(7)
xs = rng.standard_normal((4, 32)).astype(np.float32)
ws = (rng.standard_normal((64, 32)) / 8).astype(np.float32)
x, w = tr.from_numpy(xs), tr.from_numpy(ws)
gate_up, act = tr.zeros((4, 64)), tr.zeros((4, 32))
p1 = tk.linear(gate_up, x, w).submit()
p2 = tk.silu_and_mul(act, gate_up).submit()
p2.wait()
p1.wait()
gu = xs @ ws.T
g, u = gu[:, :32], gu[:, 32:]
assert np.allclose(act.to_numpy(), g / (1 + np.exp(-g)) * u, atol=1e-3)
