# %% [markdown]
# Notebook: a toy decode loop with a per-layer KV cache and a residual stream.

# %%
import numpy as np
from llmdeck.kernels import add, copy, scale

import tilert as tr

LAYERS, D, STEPS = 3, 32, 4
kv = tr.zeros((LAYERS, D), name="kv")
h = tr.ones((D,), name="h")
tmp = tr.zeros((D,), name="tmp")

# %%
for _ in range(STEPS):
    for layer in range(LAYERS):
        scale(kv[layer].partition((16,)), h, 0.5).sync()
        add(tmp.partition((16,)), h, kv[layer]).sync()
        copy(h.partition((16,)), tmp).sync()

# %%
h_final = h.to_numpy()
print(h_final[:4], kv.to_numpy()[:, 0])
assert np.allclose(h_final, 1.5 ** (LAYERS * STEPS))
