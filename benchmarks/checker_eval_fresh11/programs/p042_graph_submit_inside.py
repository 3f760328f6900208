"""Notebook-style cells: a capture cell that submits one op instead of recording it."""

# %% setup
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
a = tr.zeros((128,))
b = tr.zeros((128,))

# %% capture
with tr.graph() as g:
    g.record(K.scale(tiles(a), x, 3.0))
    pend = K.relu(tiles(b), x).submit()  # expect: TC111

# %% replay
g.launch().wait()
g.close()
