"""Notebook: the plan is made in the setup cell and used by the warm-up cell and the run cell."""

# %% setup
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

acts = tr.empty((128,), name="acts")
x = tr.ones((128,))
plan = tiles(acts, 32)

# %% warm-up
K.scale(plan, x, 1.0).sync()

# %% run
K.scale(plan, x, 2.0).sync()  # expect: TC109
print(acts.to_numpy()[:2])
