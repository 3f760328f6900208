"""Capture a layer as a graph; the intermediate buffer is allocated before the capture."""

import numpy as np
from llmdelta import add, relu

import tilert as tr

D = 256
xs = np.linspace(-1, 1, D, dtype=np.float32)
x = tr.from_numpy(xs)
bias = tr.full((D,), 0.1)
out = tr.zeros((D,))
tmp = tr.empty((D,))

with tr.graph() as g:
    g.record(add(tmp.partition((64,)), x, bias))
    g.record(relu(out.partition((64,)), tmp))
for _ in range(3):
    g.launch().wait()
g.close()
np.testing.assert_allclose(out.to_numpy(), np.maximum(xs + 0.1, 0), rtol=1e-6)
print(out.to_numpy()[:4])
