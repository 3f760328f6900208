"""Row shards whose upper bound is inclusive by mistake: each shard overlaps the next."""

import tilert as tr
import tilert.kernels as tk

rows, cols = 8, 32
x = tr.ones((rows, cols))
w = tr.ones((cols,))
out = tr.zeros((rows, cols))
per = 4
flights = []
for s in range(2):
    lo, hi = s * per, min(rows, (s + 1) * per + 1)
    flights.append(tk.rmsnorm(out[lo:hi], x[lo:hi], w).submit())  # expect: TC102
for f in flights:
    f.wait()
