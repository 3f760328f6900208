"""Double buffering with ``stage[i & 1]``: the next chunk is copied into the other slot while
the compute launched from it one step earlier may still read it."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles

import tilert as tr

chunks = [np.full(64, float(i), np.float32) for i in range(4)]
stage = [tr.zeros((64,)) for _ in range(2)]
outs = [tr.empty((64,)) for _ in chunks]
stage[0].copy_from(chunks[0])
pending: list[tr.Pending] = []
for i in range(len(chunks)):
    pending.append(K.scale(tiles(outs[i]), stage[i & 1], 2.0).submit())
    if i + 1 < len(chunks):
        stage[(i + 1) & 1].copy_from(chunks[i + 1])  # expect: TC103
for p in pending:
    p.wait()
