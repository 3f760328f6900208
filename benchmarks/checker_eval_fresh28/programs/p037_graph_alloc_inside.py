"""Capture a layer as a graph; the intermediate buffer is allocated inside the capture."""

import numpy as np
from llmdelta import add, relu

import tilert as tr

D = 256
x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
bias = tr.full((D,), 0.1)
out = tr.zeros((D,))

with tr.graph() as g:
    tmp = tr.empty((D,))  # expect: TC111
    g.record(add(tmp.partition((64,)), x, bias))
    g.record(relu(out.partition((64,)), tmp))
g.launch().wait()
g.close()
print(out.to_numpy()[:4])
