"""Bias add chained with a scale, then an extra residual add on the same partition."""

import numpy as np
from servekit import TILE, accumulate, add, axpy

import tilert as tr

N = 1024
x = tr.arange(N)
bias = tr.ones((N,))
out = tr.zeros((N,))

out_p = out.partition((TILE,))
add(out_p, x, bias).then(lambda p, *_: axpy(p, bias, 0.5)).sync()
accumulate(out_p, x).sync()  # expect: TC109
print("out[:4] =", np.asarray(out.to_numpy())[:4])
