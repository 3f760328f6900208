import numpy as np
from llmhost.kernels import axpy, relu

import tilert as tr

LAYERS = 3
x = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32))
acts = [tr.zeros((64,)) for _ in range(LAYERS)]
acc = tr.zeros((64,))

g = tr.graph()
with g:
    src = x
    for a in acts:
        g.record(relu(a.partition((16,)), src))
        g.record(axpy(acc.partition((16,)), a, 1.0))
        src = a
print("captured", len(g), "ops")
try:
    for _ in range(2):
        g.launch().wait()
finally:
    g.close()
xs = np.maximum(np.linspace(-1, 1, 64, dtype=np.float32), 0)
assert np.allclose(acc.to_numpy(), 2 * 3 * xs)
print("graph loop ok")
