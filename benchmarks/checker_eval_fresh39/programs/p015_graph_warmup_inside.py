"""Warm-up before capture, written by someone new to tilert: the warm-up run is put inside the
`with tr.graph()` block, next to the recording."""

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 4, 64

x = tr.ones((ROWS, COLS), name="hidden")
w = tr.ones((COLS,), name="norm_w")
out = tr.empty((ROWS, COLS), name="normed")

with tr.graph() as g:
    tk.rmsnorm(out, x, w).sync()  # expect: TC111
    g.record(tk.rmsnorm(out, x, w))

for _ in range(3):
    g.launch().wait()
g.close()
print(out.to_numpy()[0, :4])
