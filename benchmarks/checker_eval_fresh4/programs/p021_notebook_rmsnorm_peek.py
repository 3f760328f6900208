# %% notebook: normalize hidden states with the kernel library
import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(0)
hidden_np = rng.standard_normal((4, 64)).astype(np.float32)
hidden = tr.from_numpy(hidden_np)
gamma = tr.ones((64,))
normed = tr.empty((4, 64))

# %% launch
job = tk.rmsnorm(normed, hidden, gamma, eps=1e-6).submit()

# %% look at it
row0 = normed[0].to_numpy()  # expect: TC102
job.wait()
print(row0)
