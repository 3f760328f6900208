"""Defragmentation of a paged cache: a compaction pass copies a live page over a page that an
attention kernel is still reading."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

pool = tr.from_numpy(np.arange(5 * 32, dtype=np.float32).reshape(5, 32))
scores = tr.zeros((32,), name="scores")
query = tr.ones((32,))

# decode step: attention over page 1 (the kernel reads it)
attn = K.mul(scores.partition((16,)), pool[1], query).submit()

# meanwhile the allocator compacts: page 4 moves into the hole at page 1
moves = {4: 1}
for src, dst in moves.items():
    pool[dst].copy_from(pool[src].to_numpy())  # expect: TC103
attn.wait()
