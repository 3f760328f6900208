"""Fuse the residual add and the output scaling into one op with tr.zip."""

import numpy as np
from llmquay import add, scale

import tilert as tr

n = 1024
x = tr.from_numpy(np.arange(n, dtype=np.float32))
res = tr.ones((n,))
h = tr.empty((n,), name="h")
out = tr.empty((n,), name="out")

first = add(h.partition((256,)), x, res)
second = scale(out.partition((256,)), h, 0.5)  # expect: TC102
tr.zip(first, second).sync()
print(out.to_numpy()[:4])
