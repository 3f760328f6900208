import numpy as np

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks

BUCKET_SIZES = [256, 512, 1024]


def sync_buckets(comm):
    buckets = [tr.from_numpy(np.full(n, float(comm.rank), dtype=np.float32)) for n in BUCKET_SIZES]
    handles = [dist.all_reduce(b).submit() for b in buckets]
    for h in handles:
        h.wait()
    return [float(b.to_numpy()[0]) for b in buckets]


out = run_ranks(4, sync_buckets)
assert all(r == [6.0, 6.0, 6.0] for r in out), out
print("buckets synced:", out[0])
