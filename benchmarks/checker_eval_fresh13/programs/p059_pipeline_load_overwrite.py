"""Load/compute pipeline with a single staging tensor: the next chunk is written into it while
the previous compute still reads it."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

stage_in = tr.zeros(128)
acc = tr.zeros(128)
pending = None
for i in range(3):
    stage_in.copy_from(np.full(128, i + 1, dtype=np.float32))  # expect: TC103
    if pending is not None:
        pending.wait()
    pending = K.accum(tiles(acc), stage_in).submit()
if pending is not None:
    pending.wait()
