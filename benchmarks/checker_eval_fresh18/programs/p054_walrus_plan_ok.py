"""A plan made in a walrus inside the tile-count check, launched at once; the host reads the
buffer only after the launch."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(256))
out = tr.zeros((256,))
if (plan := tiles(out)).num_tiles > 1:
    K.scale(plan, x, 2.0).sync()
    print("tiles:", plan.num_tiles, "first:", out.to_numpy()[1])
assert out.to_numpy()[255] == 510.0
