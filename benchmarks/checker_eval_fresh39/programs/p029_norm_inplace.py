"""Pre-norm written to save a buffer: RMSNorm of the hidden states into themselves."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(4)
hidden = tr.from_numpy(rng.standard_normal((8, 64)).astype(np.float32))
gamma = tr.ones((64,))

tk.rmsnorm(hidden, hidden, gamma, eps=1e-5).sync()  # expect: TC101
print("normed", hidden.to_numpy().std())
