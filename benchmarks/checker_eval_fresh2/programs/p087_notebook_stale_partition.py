"""Notebook-style: a partition left over from an earlier cell blocks a later read."""

import numpy as np

import tilert as tr

# %% buffers
h = tr.zeros((512,), name="h")
tiles = h.partition((128,))
print("grid:", tiles.grid)

# %% inspect
print("h mean:", np.mean(h.to_numpy()))  # expect: TC104
