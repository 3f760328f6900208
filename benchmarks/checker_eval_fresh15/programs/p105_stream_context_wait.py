"""Work put on a side stream with `with tr.Stream()`, waited and read after the block."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
out = tr.zeros((32,))
with tr.Stream() as side:
    pending = K.scale(tiles(out), x, 3.0).submit()
    host_copy = x.to_numpy() * 3
side.synchronize()
pending.wait()
assert np.allclose(out.to_numpy(), host_copy)
