"""Checksums of each shard's output, computed by a thread pool."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr


def checksum(t: tr.Tensor) -> float:
    return float(np.sum(t.to_numpy(), dtype=np.float64))  # expect: TC102


x = tr.from_numpy(np.arange(1024, dtype=np.float32))
shards = [tr.empty((1024,), name=f"shard{i}") for i in range(3)]
pending = [scale(tiles(s), x, float(i + 1)).submit() for i, s in enumerate(shards)]
with ThreadPoolExecutor(max_workers=2) as pool:
    sums = list(pool.map(checksum, shards))  # expect-also
for p in pending:
    p.wait()
print(sums)
