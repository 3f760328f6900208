# %% notebook: normalize, then softmax over the result, with the kernel library
import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(0)
hidden_np = rng.standard_normal((4, 64)).astype(np.float32)
hidden = tr.from_numpy(hidden_np)
gamma = tr.ones((64,))
normed = tr.empty((4, 64))
probs = tr.empty((4, 64))

# %% launch both; the softmax reads normed after the norm by stream order
job = tk.rmsnorm(normed, hidden, gamma, eps=1e-6).submit()
job2 = tk.softmax(probs, normed).submit()
job.wait()
job2.wait()

# %% check
ref = hidden_np / np.sqrt(np.mean(hidden_np**2, axis=1, keepdims=True) + 1e-6)
assert np.allclose(normed.to_numpy(), ref, atol=1e-4)
assert np.allclose(probs.to_numpy().sum(axis=1), 1.0, atol=1e-5)
