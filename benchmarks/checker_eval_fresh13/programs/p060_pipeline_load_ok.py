"""The same pipeline with the wait moved before the load."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

stage_in = tr.zeros(128)
acc = tr.zeros(128)
pending = None
for i in range(3):
    if pending is not None:
        pending.wait()
    stage_in.copy_from(np.full(128, i + 1, dtype=np.float32))
    pending = K.accum(tiles(acc), stage_in).submit()
if pending is not None:
    pending.wait()
assert np.all(acc.to_numpy() == 6.0)
