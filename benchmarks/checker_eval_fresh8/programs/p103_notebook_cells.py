"""Notebook-style cells at module level: a buffer name rebound after its write is waited, and
a Pending carried from one cell to the next."""

# %% setup
import numpy as np
from llmweave.kernels import add, scale

import tilert as tr

x = tr.ones((64,))
h = tr.zeros((64,))

# %% first pass
pending = scale(h.partition((16,)), x, 3.0).submit()

# %% inspect (the previous cell's Pending is waited here)
pending.wait()
first = h.to_numpy().copy()

# %% second pass into a fresh buffer under the same name
old = h
h = tr.zeros((64,))
pending = add(h.partition((16,)), old, x).submit()
pending.wait()

# %% results
assert np.allclose(first, 3.0) and np.allclose(h.to_numpy(), 4.0)
print("cells ok")
