"""Capture the forward in bf16: the input's bf16 copy is made inside the capture."""

import tilert as tr
import tilert.kernels as tk

D = 256
x = tr.ones((4, D))
w = tr.ones((D,), dtype=tr.bf16)
h = tr.zeros((4, D), dtype=tr.bf16)

with tr.graph() as g:
    x_lp = x.astype(tr.bf16)  # expect: TC111
    g.record(tk.rmsnorm(h, x_lp, w))
g.launch().wait()
g.close()
