"""Waits written as `any(p.wait() for p in pend)`: `wait()` returns a non-empty tuple, so `any`
stops after the first Pending and the others are still in flight."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(16, dtype=np.float32))
outs = [tr.zeros((16,), name=f"shard{i}") for i in range(3)]
pend = [K.scale(tiles(o), x, float(i + 1)).submit() for i, o in enumerate(outs)]
any(p.wait() for p in pend)
total = sum(float(o.to_numpy().sum()) for o in outs)  # expect: TC102
print(total)
for p in pend:
    p.wait()
