"""Decode loop replaying a captured step; the step's scratch buffer is made inside the capture."""

from llmreef import add, copy, scale

import tilert as tr

D = 256
state = tr.ones((D,), name="state")
bias = tr.full((D,), 0.01, name="bias")
tmp = tr.empty((D,), name="tmp")

with tr.graph() as g:
    g.record(scale(tmp.partition((64,)), state, 0.9))
    out = tr.empty((D,), name="out")  # expect: TC111
    g.record(add(out.partition((64,)), tmp, bias))
    g.record(copy(state.partition((64,)), out))

for _ in range(10):
    g.launch().wait()
g.close()
print(state.to_numpy()[:4])
