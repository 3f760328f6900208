"""Warm-up before capture: the first run tunes and compiles outside the graph, then the same
op is recorded and replayed."""

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 4, 64

x = tr.ones((ROWS, COLS), name="hidden")
w = tr.ones((COLS,), name="norm_w")
out = tr.empty((ROWS, COLS), name="normed")

tk.rmsnorm(out, x, w).sync()  # warm-up: tune and compile outside the capture
with tr.graph() as g:
    g.record(tk.rmsnorm(out, x, w))

for _ in range(3):
    g.launch().wait()
g.close()
print(out.to_numpy()[0, :4])
