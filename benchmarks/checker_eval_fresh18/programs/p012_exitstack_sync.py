"""A flush registered on an ``ExitStack`` syncs an op the body already synced."""

from contextlib import ExitStack

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
out = tr.zeros((64,))
with ExitStack() as stack:  # expect: TC110
    op = K.scale(tiles(out), x, 2.0)
    stack.callback(op.sync)  # expect-also
    op.sync()
    print(out.to_numpy()[:3])
print("flushed")
