"""A graph-captured decode step that converts its hidden state with astype inside the capture."""

import tilert as tr
import tilert.kernels as tk

h = tr.ones((2, 64))
w = tr.ones(64)
normed = tr.zeros((2, 64))
with tr.graph() as g:
    g.record(tk.rmsnorm(normed, h, w))
    half = normed.astype(tr.f16)  # expect: TC111
g.close()
