"""tk.rmsnorm given a partition of the output, as a hand-written kernel would take it."""

import tilert as tr
import tilert.kernels as tk

x = tr.ones((4, 64))
w = tr.ones(64)
out = tr.zeros((4, 64))
tk.rmsnorm(out.partition((1, 64)), x, w).sync()  # expect: TC106
