"""Shard partial sums folded with `functools.reduce`; the loop waits all but the newest shard."""

from functools import reduce

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

x = tr.ones((64,))
parts = [tr.empty((64,), name=f"part{i}") for i in range(3)]
pend = [K.scale(tiles(p), x, float(i + 1)).submit() for i, p in enumerate(parts)]
for p in pend[:-1]:
    p.wait()
total = reduce(np.add, (t.to_numpy() for t in parts))  # expect: TC102
pend[-1].wait()
print(total[:2])
