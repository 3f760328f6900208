"""Work put on a side stream with ``with tr.Stream():``; leaving the block is taken for the
work being done, and the output is read without a wait."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
out = tr.empty((64,))
with tr.Stream():
    pending = K.relu(tiles(out), x).submit()
print(out.to_numpy().max())  # expect: TC102
pending.wait()
