"""A token-by-token decode loop over a captured graph prints the hidden state after each
replay, while the graph still holds it (it is closed only at the end)."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

h = tr.ones((64,), name="h")
step = tr.full((64,), 0.5)
with tr.graph() as g:
    g.record(k.axpy(h.partition((16,)), step, 1.0))

for token in range(3):
    g.launch().wait()
    print(token, h.to_numpy()[0])  # expect: TC102
g.close()
