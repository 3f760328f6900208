"""Notebook cells: capture a two-op step, replay it, close, inspect against numpy."""

# %%
import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import accum, scale

import tilert as tr

x = vec(32, 1.0)
h, acc = vec(32), vec(32)

# %%
with tr.graph() as g:
    g.record(scale(tiles(h), x, 2.0))
    g.record(accum(tiles(acc), h))
len(g)

# %%
for _ in range(3):
    g.launch().wait()
g.close()

# %%
assert np.all(acc.to_numpy() == 6.0)
