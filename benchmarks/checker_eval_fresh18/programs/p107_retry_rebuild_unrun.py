"""A launch retried by rebuilding its op (and output) in a loop until the scale is in range;
the ops built on earlier attempts are dropped without running."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
factor = 4.0
for _ in range(3):
    out = tr.empty((64,))
    op = K.scale(tiles(out), x, factor)  # expect: TC105
    if factor <= 2.0:
        break
    factor /= 2
op.sync()
print(factor, out.to_numpy()[1])
