import numpy as np
from llmhost.kernels import add
from llmhost.ops import tiles

import tilert as tr

x = tr.ones((64,))
bias = tr.full((64,), 2.0)
out = tr.zeros((64,))

add(tiles(out), x, tiles(bias)).sync()  # expect: TC106
print(np.asarray(out.to_numpy())[:4])
