"""A projection written back into the head of the hidden buffer it reads (saving a buffer)."""

import tilert as tr
import tilert.kernels as tk

d = 64
hidden = tr.ones((d,))
w = tr.ones((d // 2, d))
proj = hidden[: d // 2]
tk.gemv(proj, w, hidden).sync()  # expect: TC101
print(hidden.to_numpy()[:4])
