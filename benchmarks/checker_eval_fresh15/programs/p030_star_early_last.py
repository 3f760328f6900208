"""*early, last = pendings: the early ones waited and read, then the last."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec, wait_all

import tilert as tr

x = vec(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]
pendings = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
*early, last = pendings
*early_outs, last_out = outs
wait_all(early)
sums = [float(o.to_numpy().sum()) for o in early_outs]
last.wait()
sums.append(float(last_out.to_numpy().sum()))
assert sums == [0.0, 496.0, 992.0]
