"""A SwiGLU MLP with the library kernels, submitted; the projection is inspected early."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN, INTER = 4, 128, 256
rng = np.random.default_rng(9)
x = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
w_gate_up = tr.from_numpy(rng.standard_normal((2 * INTER, HIDDEN)).astype(np.float32))
gate_up = tr.empty((TOKENS, 2 * INTER), name="gate_up")
act = tr.empty((TOKENS, INTER), name="act")

proj = tk.linear(gate_up, x, w_gate_up).submit()
mlp = tk.silu_and_mul(act, gate_up).submit()
print("gate_up absmax:", float(np.abs(gate_up.to_numpy()).max()))  # expect: TC102
proj.wait()
mlp.wait()
