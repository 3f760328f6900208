"""New inputs go into the graph's input by a recorded copy from a staging buffer."""

import numpy as np
from llmrun.kernels import add, copy, relu

import tilert as tr

inp = tr.zeros((64,), name="static_in")
out = tr.zeros((64,), name="static_out")
acc = tr.zeros((64,), name="acc")
step = tr.full((64,), -1.0)
with tr.graph() as g:
    g.record(add(inp.partition((16,)), acc, step))
    g.record(copy(acc.partition((16,)), inp))
    g.record(relu(out.partition((16,)), inp))

try:
    for _ in range(3):
        g.launch().wait()
finally:
    g.close()
assert np.all(out.to_numpy() == 0.0) and np.all(acc.to_numpy() == -3.0)
