"""Bias add chained with a scale, then an extra residual add, all in one chain."""

import numpy as np
from servekit import TILE, accumulate, add, axpy

import tilert as tr

N = 1024
x = tr.arange(N)
bias = tr.ones((N,))
out = tr.zeros((N,))

out_p = out.partition((TILE,))
add(out_p, x, bias).then(lambda p, *_: axpy(p, bias, 0.5)).then(
    lambda p, *_: accumulate(p, x)
).sync()
print("out[:4] =", np.asarray(out.to_numpy())[:4])
