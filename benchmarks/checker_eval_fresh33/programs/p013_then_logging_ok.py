"""Chain an add and an axpy on the same output, logging the result after the chain."""

import numpy as np
from servekit import TILE, add, axpy

import tilert as tr

N = 1024
x = tr.arange(N)
y = tr.ones((N,))
z = tr.zeros((N,))


def then_axpy(zp: tr.Partition, *_: object) -> tr.Op:
    print("chaining axpy onto", zp.describe())
    return axpy(zp, y, 2.0)


add(z.partition((TILE,)), x, y).then(then_axpy).sync()
print("after chain: z[:3] =", z.to_numpy()[:3])
expect = np.arange(N, dtype=np.float32) + 3.0
print("max err", np.abs(z.to_numpy() - expect).max())
