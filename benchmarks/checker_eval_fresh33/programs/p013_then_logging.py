"""Chain an add and an axpy on the same output, logging the intermediate in the callback."""

import numpy as np
from servekit import TILE, add, axpy

import tilert as tr

N = 1024
x = tr.arange(N)
y = tr.ones((N,))
z = tr.zeros((N,))


def log_then_axpy(zp: tr.Partition, *_: object) -> tr.Op:
    print("after add: z[:3] =", z.to_numpy()[:3])  # expect: TC102
    return axpy(zp, y, 2.0)


add(z.partition((TILE,)), x, y).then(log_then_axpy).sync()  # expect-also: TC102
expect = np.arange(N, dtype=np.float32) + 3.0
print("max err", np.abs(z.to_numpy() - expect).max())
