"""Double buffering: `cur, nxt = nxt, cur` each step; the host reads `nxt` right after the swap."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

n = 64
cur, nxt = tr.ones((n,), name="a"), tr.zeros((n,), name="b")
prev: tr.Pending | None = None
trace = []
for _ in range(4):
    pend = K.scale(tiles(nxt), cur, 2.0).submit()
    if prev is not None:
        prev.wait()
    cur, nxt = nxt, cur
    trace.append(float(cur.to_numpy()[0]))  # expect: TC102
    prev = pend
if prev is not None:
    prev.wait()
print(trace, np.asarray(cur)[:2])
