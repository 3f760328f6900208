"""An ExitStack registers each Pending's wait as a callback; the outputs are read after it."""

from contextlib import ExitStack

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(2)]
with ExitStack() as stack:
    for i, o in enumerate(outs):
        stack.callback(K.scale(tiles(o), x, float(i + 1)).submit().wait)
    host_side = np.arange(32, dtype=np.float32) * 3
peek = outs[1].to_numpy()
assert np.allclose(peek + outs[0].to_numpy(), host_side)
