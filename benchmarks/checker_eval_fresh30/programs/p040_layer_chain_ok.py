"""z = x + y, then z += y on the same tiles: the partition moves along the chain."""

import numpy as np
from llmquill import add, axpy

import tilert as tr

N = 2048
x = tr.from_numpy(np.arange(N, dtype=np.float32))
y = tr.full((N,), 2.0)
z = tr.empty((N,))

op = add(z.partition((512,)), x, y).then(lambda zp, *_: axpy(zp, y, 1.0))
op.sync()
print(z.to_numpy()[:4])
