# %% [markdown]
# Quick experiment: scale a vector, writing into a numpy buffer we already have.

# %%
import numpy as np
from llmdeck.kernels import scale

import tilert as tr

x = tr.arange(64)
out_np = np.zeros(64, dtype=np.float32)

# %%
scale(out_np, x, 2.0).sync()  # expect: TC106

# %%
print(out_np[:4])
