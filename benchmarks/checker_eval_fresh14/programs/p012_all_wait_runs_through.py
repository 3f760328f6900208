"""Waits written as `all(p.wait() for p in pend)`: every tuple is truthy, so all are waited."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(16, dtype=np.float32))
outs = [tr.zeros((16,), name=f"shard{i}") for i in range(3)]
pend = [K.scale(tiles(o), x, float(i + 1)).submit() for i, o in enumerate(outs)]
assert all(p.wait() for p in pend)
total = sum(float(o.to_numpy().sum()) for o in outs)
assert total == 6 * 120.0, total
