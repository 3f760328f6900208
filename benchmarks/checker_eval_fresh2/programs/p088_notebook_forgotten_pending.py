"""Notebook-style: a background refill is submitted and forgotten."""

import numpy as np
from llmserve.kernels import fill, scale

import tilert as tr

# %% buffers
h = tr.ones((512,), name="h")
scratch = tr.zeros((512,), name="scratch")

# %% refill the scratch in the background
refill = fill(scratch.partition((128,)), 0.0).submit()  # expect: TC108

# %% the real work
scale(h.partition((128,)), 3.0).sync()
print("h mean:", np.mean(h.to_numpy()))
