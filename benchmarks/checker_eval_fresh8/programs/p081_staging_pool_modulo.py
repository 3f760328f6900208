"""The package's StagingPool indexed with `i % len(pool)`: batch i+2 reuses batch i's buffer
while the fill of batch i is still in flight."""

from llmweave.base import StagingPool
from llmweave.kernels import fill

import tilert as tr

pool = StagingPool(2, 64)
inflight: list[tr.Pending] = []
for i in range(3):
    buf = pool[i % len(pool)]
    inflight.append(fill(buf.partition((16,)), float(i)).submit())  # expect: TC102
for p in inflight:
    p.wait()
