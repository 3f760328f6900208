"""Notebook cells: a `.then` chain built in one cell and awaited-by-sync in the next."""

# %% setup
import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.arange(128, name="x")
y = tr.zeros((128,), name="y")

# %% build
chain = K.relu(tiles(y), x).then(lambda yp, *_: K.scale_(yp, 0.5))

# %% run
chain.sync()
np.testing.assert_allclose(y.to_numpy(), np.arange(128) * 0.5)
