"""The host polls done() while it prepares the next batch, then waits and reads."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(256)
y = tr.zeros((256,))
pend = K.scale(tiles(y), x, 3.0).submit()
polls = 0
while not pend.done():
    polls += 1
pend.wait()
np.testing.assert_array_equal(y.to_numpy(), 3 * np.arange(256, dtype=np.float32))
