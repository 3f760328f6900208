"""Tensor-parallel shards: each shard's output partition made once in a comprehension."""

from llmreef import relu, scale

import tilert as tr

SHARDS, D = 4, 256
outs = [tr.empty((D,), name=f"shard{i}") for i in range(SHARDS)]
ins = [tr.full((D,), float(i) - 1.5) for i in range(SHARDS)]
parts = [o.partition((64,)) for o in outs]

for p, x in zip(parts, ins, strict=True):
    relu(p, x).sync()
for p, x in zip(parts, ins, strict=True):
    scale(p, x, 2.0).sync()  # expect: TC109
print([o.to_numpy()[0] for o in outs])
