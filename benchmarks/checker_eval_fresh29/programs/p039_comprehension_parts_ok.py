"""Tensor-parallel shards: each shard's output partitioned at each launch."""

from llmreef import relu, scale

import tilert as tr

SHARDS, D = 4, 256
outs = [tr.empty((D,), name=f"shard{i}") for i in range(SHARDS)]
ins = [tr.full((D,), float(i) - 1.5) for i in range(SHARDS)]

for o, x in zip(outs, ins, strict=True):
    relu(o.partition((64,)), x).sync()
for o, x in zip(outs, ins, strict=True):
    scale(o.partition((64,)), x, 2.0).sync()
print([o.to_numpy()[0] for o in outs])
