"""Notebook cells: the op is warmed eagerly in one cell and recorded into the graph in the
next."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

# %% build
x = upload(np.ones(64))
out = tr.zeros(64)
step = K.scale(tiles(out), x, 2.0)

# %% warm up
step.sync()

# %% capture
with tr.graph() as g:
    g.record(step)  # expect: TC110
g.close()
