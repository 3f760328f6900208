"""One head op chained with .then into two branches (norm and gate)."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
bias = vec(np.ones(32))
z = tr.zeros((32,))
head = K.scale(tiles(z), x, 0.5)
norm = head.then(lambda zp, *_: K.accum(zp, bias))
gate = head.then(lambda zp, *_: K.relu(zp, bias))  # expect: TC110
norm.sync()
print(z.to_numpy()[:2])
