# %% [markdown]
# Notebook: a two-stage software pipeline, one cell per stage.

# %%
import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(32, dtype=np.float32))
h = tr.zeros((32,), name="h")
y = tr.zeros((32,), name="y")

# %% stage 1: submitted, not waited (the next stage reads h in stream order)
p_h = K.scale(tiles(h), x, 2.0).submit()

# %% stage 2
p_y = K.relu(tiles(y), h).submit()

# %% inspect
p_y.wait()
y.to_numpy()[:4]
h.to_numpy()[:4]  # expect: TC102

# %%
p_h.wait()
