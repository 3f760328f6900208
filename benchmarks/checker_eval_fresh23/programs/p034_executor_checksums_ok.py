"""Checksums of each shard's output, computed by a thread pool once the shard settled."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr


def checksum(job: "tuple[tr.Tensor, tr.Pending]") -> float:
    shard, pending = job
    pending.wait()
    return float(np.sum(shard.to_numpy(), dtype=np.float64))


x = tr.from_numpy(np.arange(1024, dtype=np.float32))
shards = [tr.empty((1024,), name=f"shard{i}") for i in range(3)]
pending = [scale(tiles(s), x, float(i + 1)).submit() for i, s in enumerate(shards)]
with ThreadPoolExecutor(max_workers=2) as pool:
    sums = list(pool.map(checksum, zip(shards, pending, strict=True)))
base = float(np.arange(1024).sum())
assert sums == [base, 2 * base, 3 * base]
