import numpy as np

import tilert as tr
import tilert.kernels as tk

tokens, hidden = 16, 512
rng = np.random.default_rng(0)
x = tr.from_numpy(rng.standard_normal((tokens, hidden)).astype(np.float32))
weight = tr.from_numpy(np.ones(hidden, dtype=np.float32))
normed = tr.empty((tokens, hidden))
probs = tr.empty((tokens, hidden))

norm_job = tk.rmsnorm(normed, x, weight, eps=1e-6).submit()
soft_job = tk.softmax(probs, x).submit()

rms = np.sqrt((normed.to_numpy() ** 2).mean(axis=1))  # expect: TC102
norm_job.wait()
soft_job.wait()
print("row rms ~1:", np.allclose(rms, 1.0, atol=1e-3), probs.to_numpy().sum(axis=1)[:2])
