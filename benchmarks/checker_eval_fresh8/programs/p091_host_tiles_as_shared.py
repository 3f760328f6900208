"""The package's `tiles` partition of the input passed for the kernel's Shared input."""

import llmweave.host as h
from llmweave.kernels import scale

import tilert as tr

x = tr.ones((64,))
y = tr.zeros((64,))
scale(h.tiles(y), h.tiles(x), 2.0).sync()  # expect: TC106
