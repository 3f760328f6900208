"""Per-shard gradient buffers, partitioned once in a comprehension and reused every epoch."""

from llmquill import axpy

import tilert as tr

SHARDS, N = 3, 768
grads = [tr.zeros((N,), name=f"grad{i}") for i in range(SHARDS)]
updates = [tr.full((N,), 0.1 * (i + 1)) for i in range(SHARDS)]
grad_tiles = [g.partition((256,)) for g in grads]

for _epoch in range(2):
    for tiles, upd in zip(grad_tiles, updates, strict=True):
        axpy(tiles, upd, 1.0).sync()  # expect: TC109
print([float(g.to_numpy()[0]) for g in grads])
