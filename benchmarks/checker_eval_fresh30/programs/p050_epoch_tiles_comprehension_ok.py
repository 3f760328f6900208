"""Per-shard gradient buffers, partitioned afresh for every launch."""

from llmquill import axpy

import tilert as tr

SHARDS, N = 3, 768
grads = [tr.zeros((N,), name=f"grad{i}") for i in range(SHARDS)]
updates = [tr.full((N,), 0.1 * (i + 1)) for i in range(SHARDS)]

for _epoch in range(2):
    for g, upd in zip(grads, updates, strict=True):
        axpy(g.partition((256,)), upd, 1.0).sync()
print([float(g.to_numpy()[0]) for g in grads])
