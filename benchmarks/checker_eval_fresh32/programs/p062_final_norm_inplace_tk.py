"""The final RMSNorm before the LM head, applied in place on the hidden states with
tilert.kernels."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, D = 4, 256

rng = np.random.default_rng(15)
hidden = tr.from_numpy(rng.standard_normal((TOKENS, D)).astype(np.float32), name="hidden")
final_norm = tr.from_numpy(np.ones(D, dtype=np.float32), name="final_norm")

tk.rmsnorm(hidden, hidden, final_norm, eps=1e-6).sync()  # expect: TC101
print(hidden.to_numpy()[0, :4])
