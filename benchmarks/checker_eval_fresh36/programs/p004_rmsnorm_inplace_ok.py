"""Pre-norm into a separate buffer, then the result copied back for the next layer."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

tokens, hidden = 16, 128
hidden_states = tr.from_numpy(
    np.random.default_rng(1).standard_normal((tokens, hidden)).astype(np.float32)
)
normed = tr.empty((tokens, hidden), name="normed")
norm_w = tr.ones((hidden,), name="input_layernorm.weight")

tk.rmsnorm(normed, hidden_states, norm_w, eps=1e-6).sync()
hidden_states.copy_from(normed)
print(hidden_states.to_numpy().std())
