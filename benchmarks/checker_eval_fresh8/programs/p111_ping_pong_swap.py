"""Residual blocks over ping-pong buffers: each step reads `cur` into `nxt`, waits, then swaps;
the swap looks like the next write hits a buffer just read, but the read was waited."""

import numpy as np
from llmweave.kernels import add

import tilert as tr

cur, nxt = tr.ones((64,)), tr.zeros((64,))
bias = tr.ones((64,))
for _ in range(5):
    pending = add(nxt.partition((16,)), cur, bias).submit()
    pending.wait()
    cur, nxt = nxt, cur
assert np.allclose(cur.to_numpy(), 6.0)
print(cur.to_numpy()[0])
