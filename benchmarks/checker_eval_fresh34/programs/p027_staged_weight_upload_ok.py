"""Streaming a checkpoint through one staging tensor: each shard is written into the staging
buffer on the host and copied on the device into its slice of the parameter."""

import numpy as np
from infercore import copy

import tilert as tr

SHARDS, ROWS, COLS = 4, 8, 64
rng = np.random.default_rng(27)
shards = [rng.standard_normal((ROWS, COLS)).astype(np.float32) for _ in range(SHARDS)]
param = tr.empty((SHARDS * ROWS, COLS), name="embed.weight")
staging = tr.empty((ROWS, COLS), name="staging")

upload = None
for i, shard in enumerate(shards):
    if upload is not None:
        upload.wait()  # the previous copy reads the staging buffer
    staging.copy_from(shard)
    dst = param[i * ROWS : (i + 1) * ROWS]
    upload = copy(dst.partition((1, COLS)), staging).submit()
if upload is not None:
    upload.wait()
assert np.array_equal(param.to_numpy(), np.concatenate(shards))
print("uploaded", param.shape)
