"""Software pipelining with two input slots: load chunk i+1 into the idle slot, wait, swap."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

chunks = [np.full(32, i, dtype=np.float32) for i in range(4)]
slots = [tr.from_numpy(chunks[0].copy()), vec(32)]
outs = [vec(32) for _ in chunks]
for i in range(len(chunks)):
    compute = scale(tiles(outs[i]), slots[i % 2], 10.0).submit()
    if i + 1 < len(chunks):
        slots[(i + 1) % 2].copy_from(chunks[i + 1])
    compute.wait()
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 10.0, 20.0, 30.0]
