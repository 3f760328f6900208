"""Decode loop replaying a captured step; every buffer is made before the capture."""

from llmreef import add, copy, scale

import tilert as tr

D = 256
state = tr.ones((D,), name="state")
bias = tr.full((D,), 0.01, name="bias")
tmp = tr.empty((D,), name="tmp")
out = tr.empty((D,), name="out")

with tr.graph() as g:
    g.record(scale(tmp.partition((64,)), state, 0.9))
    g.record(add(out.partition((64,)), tmp, bias))
    g.record(copy(state.partition((64,)), out))

for _ in range(10):
    g.launch().wait()
g.close()
print(state.to_numpy()[:4])
