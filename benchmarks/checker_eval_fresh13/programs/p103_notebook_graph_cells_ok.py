"""Notebook cells: set up, capture a two-op step, replay it per token, inspect after close."""

# %%
import numpy as np
from llmrig import kernels as K

import tilert as tr
import tilert.kernels as tk

d = 64
h = tr.from_numpy(np.linspace(0.5, 1.5, 2 * d, dtype=np.float32).reshape(2, d))
w = tr.ones(d)
normed = tr.zeros((2, d))
total = tr.zeros((2, d))

# %%
with tr.graph() as g:
    g.record(tk.rmsnorm(normed, h, w))
    g.record(K.accum(total.reshape(2 * d).partition((d,)), normed.reshape(2 * d)))

# %%
for _token in range(3):
    g.launch().wait()
g.close()

# %%
hs = h.to_numpy()
ref = hs / np.sqrt((hs * hs).mean(axis=1, keepdims=True) + 1e-6)
assert np.allclose(total.to_numpy(), 3 * ref, atol=1e-5)
