"""A norm weight kept as a partition (left over from an init kernel) passed to tk.rmsnorm."""

from __future__ import annotations

from llmdeck.kernels import fill

import tilert as tr
import tilert.kernels as tk

D = 32
w = tr.zeros((D,))
w_tiles = w.partition((16,))
x = tr.ones((2, D))
out = tr.empty((2, D))
tk.rmsnorm(out, x, w_tiles, eps=1e-6).sync()  # expect: TC106
fill(w_tiles, 1.0).sync()
