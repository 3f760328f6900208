"""Notebook cells: a submit in one cell, a display of the output in the next, the wait last."""

# %% setup
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

emb = tr.arange(256, name="emb")
pos = tr.full((256,), 0.01, name="pos")
hidden = tr.zeros((256,), name="hidden")

# %% launch
pend = K.add(tiles(hidden), emb, pos).submit()

# %% look
hidden.to_numpy()[:8]  # expect: TC102

# %% finish
pend.wait()
