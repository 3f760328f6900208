# %% [markdown]
# Notebook: the two-stage pipeline, waited in reverse before inspecting.

# %%
import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(32, dtype=np.float32))
h = tr.zeros((32,), name="h")
y = tr.zeros((32,), name="y")

# %% stage 1
p_h = K.scale(tiles(h), x, 2.0).submit()

# %% stage 2: reads h in stream order
p_y = K.relu(tiles(y), h).submit()

# %% inspect
p_y.wait()
p_h.wait()
np.testing.assert_allclose(y.to_numpy(), 2 * np.arange(32))
np.testing.assert_allclose(h.to_numpy(), 2 * np.arange(32))
