"""Shard partial sums folded with `functools.reduce` once every shard is waited."""

from functools import reduce

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

x = tr.ones((64,))
parts = [tr.empty((64,), name=f"part{i}") for i in range(3)]
pend = [K.scale(tiles(p), x, float(i + 1)).submit() for i, p in enumerate(parts)]
for p in reversed(pend):
    p.wait()
total = reduce(np.add, (t.to_numpy() for t in parts))
assert np.all(total == 6.0)
print(total[:2])
