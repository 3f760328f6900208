"""Pre-norm in place: the hidden state is normalized into itself, as one would in torch with
an out= argument."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

tokens, hidden = 16, 128
hidden_states = tr.from_numpy(
    np.random.default_rng(1).standard_normal((tokens, hidden)).astype(np.float32)
)
norm_w = tr.ones((hidden,), name="input_layernorm.weight")

tk.rmsnorm(hidden_states, hidden_states, norm_w, eps=1e-6).sync()  # expect: TC101
print(hidden_states.to_numpy().std())
