"""Launch the per-shard scaling, then gather the shards into one numpy array."""

import numpy as np
from llmfjord import scale

import tilert as tr

N_SHARDS = 4
SHARD = 2048

inputs = [tr.full((SHARD,), float(i)) for i in range(N_SHARDS)]
outputs = [tr.empty((SHARD,)) for _ in range(N_SHARDS)]

pendings = []
for inp, out in zip(inputs, outputs, strict=True):
    pendings.append(scale(out.partition((512,)), inp, 0.5).submit())

gathered = np.concatenate([out.to_numpy() for out in outputs])  # expect: TC102
for p in pendings:
    p.wait()
print(gathered.reshape(N_SHARDS, SHARD)[:, 0])
