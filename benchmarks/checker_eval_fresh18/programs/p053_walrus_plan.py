"""A plan made in a walrus inside the tile-count check stays alive in its name; the host reads
the buffer before the plan's launch."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(256))
out = tr.zeros((256,))
if (plan := tiles(out)).num_tiles > 1:
    print("tiles:", plan.num_tiles, "first:", out.to_numpy()[0])  # expect: TC104
    K.scale(plan, x, 2.0).sync()
