"""A transposed weight made contiguous inside the capture, to feed a launch."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

w = vec(np.arange(64).reshape(8, 8))
out = tr.zeros((8, 8))
with tr.graph() as g:
    wt = w.T.contiguous()  # expect: TC111
    g.record(K.scale(tiles(out), wt, 1.0))
g.launch().wait()
g.close()
