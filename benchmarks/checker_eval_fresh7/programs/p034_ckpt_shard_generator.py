"""Checkpoint shards from a generator: each shard of the flat parameter tensor is copied out,
waited and yielded as numpy; the consumer writes the next step's parameters afterwards."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

params = tr.from_numpy(np.arange(256, dtype=np.float32), name="flat_params")
SHARD = 64


def shards(flat, shard):
    stage = tr.zeros((shard,), name="stage")
    for lo in range(0, flat.shape[0], shard):
        pending = K.copy(stage.partition((16,)), flat[lo : lo + shard]).submit()
        pending.wait()
        yield lo, stage.to_numpy().copy()


saved = dict(shards(params, SHARD))
K.scale_(params.partition((64,)), 2.0).sync()
assert saved[192][0] == 192.0 and params.to_numpy()[192] == 384.0
print(sorted(saved))
