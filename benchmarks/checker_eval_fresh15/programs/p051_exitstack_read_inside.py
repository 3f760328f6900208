"""An ExitStack registers each Pending's wait as a callback; the block reads before the exit."""

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
    peek = outs[1].to_numpy()[:4]  # expect: TC102
print(peek)
