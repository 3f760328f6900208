import numpy as np
from llmquay import add, scale

import tilert as tr

n = 1024
x = tr.from_numpy(np.arange(n, dtype=np.float32))
h = tr.empty((n,), name="h")
y = tr.empty((n,), name="y")

h_tiles = h.partition((256,))
y_op = scale(y.partition((256,)), h, 2.0)  # expect: TC104
add(h_tiles, x, x).sync()
y_op.sync()
print(y.to_numpy()[:3])
