import numpy as np
from llmhost.kernels import add, relu

import tilert as tr

x = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32))
out = tr.zeros((64,))
tmp = tr.empty((64,))

with tr.graph() as g:
    g.record(relu(tmp.partition((16,)), x))
    g.record(add(out.partition((16,)), tmp, x))

for _ in range(2):
    g.launch().wait()
g.close()
xs = np.linspace(-1, 1, 64, dtype=np.float32)
assert np.allclose(out.to_numpy(), np.maximum(xs, 0) + xs)
print("graph ok")
