"""Pre-attention RMSNorm of a batch of tokens, launched asynchronously while the host tokenizes."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN = 16, 256

rng = np.random.default_rng(9)
x = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
w = tr.from_numpy(np.ones(HIDDEN, dtype=np.float32))
out = tr.empty((TOKENS, HIDDEN), name="normed")
pending = tk.rmsnorm(out, x, w).submit()
next_prompt = "the quick brown fox".split()  # host work meanwhile
rms = np.sqrt((out.to_numpy() ** 2).mean(axis=-1))  # expect: TC102
pending.wait()
print(len(next_prompt), rms[:3])
