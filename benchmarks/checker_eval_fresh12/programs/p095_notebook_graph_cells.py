"""Notebook cells: set up, capture a two-kernel step, replay it, close and inspect."""

# %% setup
import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

h = tr.ones((256,), name="h")
gate = tr.full((256,), 0.5, name="gate")
act = tr.zeros((256,), name="act")
acc = tr.zeros((256,), name="acc")

# %% capture
with tr.graph() as g:
    g.record(K.mul(tiles(act), h, gate))
    g.record(K.accum(tiles(acc), act))

# %% replay
for _ in range(4):
    g.launch().wait()

# %% inspect
g.close()
assert np.allclose(acc.to_numpy(), 2.0) and len(g) == 2
