"""Software pipelining with one input slot: the next chunk is loaded while compute reads it."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

chunks = [np.full(32, i, dtype=np.float32) for i in range(4)]
slot = tr.from_numpy(chunks[0].copy())
outs = [vec(32) for _ in chunks]
for i in range(len(chunks)):
    compute = scale(tiles(outs[i]), slot, 10.0).submit()
    if i + 1 < len(chunks):
        slot.copy_from(chunks[i + 1])  # expect: TC103
    compute.wait()
print([float(o.to_numpy()[0]) for o in outs])
