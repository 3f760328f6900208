"""The buffers (not plans) split with ``itertools.tee``: each pass makes its own plans."""

from itertools import tee

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

bufs = [tr.zeros((64,)) for _ in range(2)]
fwd_bufs, check_bufs = tee(iter(bufs))
x = vec(np.arange(64))
for b in fwd_bufs:
    K.scale(tiles(b), x, 2.0).sync()
for b in check_bufs:
    K.scale_(tiles(b), 0.5).sync()
assert [float(b.to_numpy()[3]) for b in bufs] == [3.0, 3.0]
