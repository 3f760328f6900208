"""Two epochs over shards: each shard's running sum is updated once per epoch."""

import numpy as np
from servekit import TILE, accumulate

import tilert as tr

N_SHARDS, N = 3, 512
rng = np.random.default_rng(39)
data = [tr.from_numpy(rng.standard_normal(N).astype(np.float32)) for _ in range(N_SHARDS)]
sums = [tr.zeros((N,)) for _ in range(N_SHARDS)]
sum_parts = [s.partition((TILE,)) for s in sums]

for epoch in range(2):
    for part, shard in zip(sum_parts, data, strict=True):
        accumulate(part, shard).sync()  # expect: TC109
    print(f"epoch {epoch} done")

print([round(float(np.asarray(s.to_numpy()).sum()), 3) for s in sums])
