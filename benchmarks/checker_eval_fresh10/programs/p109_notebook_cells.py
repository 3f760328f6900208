"""Notebook-style cells at module level: a zip of two ops submitted, inputs inspected, waited."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

# %% inputs
q = tr.from_numpy(np.linspace(0, 1, 8, dtype=np.float32))
kk = tr.from_numpy(np.linspace(1, 0, 8, dtype=np.float32))

# %% launch both projections as one op
qo, ko = tr.zeros((8,), dtype=f32), tr.zeros((8,), dtype=f32)
both = tr.zip(k.scale(tiles(qo), q, 2.0), k.scale(tiles(ko), kk, 2.0)).submit()

# %% look at the inputs while it runs
q.to_numpy().round(2)

# %% results
both.wait()
np.testing.assert_allclose(qo.to_numpy() + ko.to_numpy(), np.full(8, 2.0), rtol=1e-6)
