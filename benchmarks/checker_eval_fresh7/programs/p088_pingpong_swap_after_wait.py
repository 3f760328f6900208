"""Ping-pong hidden buffers across layers: each layer reads `src` and writes `dst`, the names
are swapped after the wait, so the next layer writes what the previous one read."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

src = tr.ones((64,), name="ping")
dst = tr.zeros((64,), name="pong")
for _layer in range(4):
    pending = K.scale(dst.partition((16,)), src, 2.0).submit()
    pending.wait()
    src, dst = dst, src
assert np.all(src.to_numpy() == 16.0)
print(src.to_numpy()[0])
