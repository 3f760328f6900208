"""Flash attention written back into the query tensor to save memory."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(2)
q = tr.from_numpy(rng.standard_normal((1, 4, 16, 32)).astype(np.float32))
k = tr.from_numpy(rng.standard_normal((1, 2, 16, 32)).astype(np.float32))
v = tr.from_numpy(rng.standard_normal((1, 2, 16, 32)).astype(np.float32))
tk.attention(q, q, k, v, causal=True).sync()  # expect: TC101
print(q.to_numpy().shape)
