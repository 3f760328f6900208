"""Prefetch the next shard while 'training' on the current one."""

import numpy as np
from tilekit import copy

import tilert as tr

SHARD = 2048
shards = [np.random.default_rng(s).random(SHARD, dtype=np.float32) for s in range(4)]
staging = [tr.from_numpy(s) for s in shards]
device_shards = [tr.empty((SHARD,), name=f"shard{i}") for i in range(4)]

total = 0.0
fetches = []
for i in range(len(shards)):
    fetches.append(copy(device_shards[i].partition((512,)), staging[i]).submit())
for f in fetches:
    f.wait()
for t in device_shards:
    total += float(t.to_numpy().sum())
print("total", total)
