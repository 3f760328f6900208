"""A token budget breaks out of the loop over prepared ops; the rest are never run."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(3)]
ops = [K.scale(tiles(o), x, float(i)) for i, o in enumerate(outs)]  # expect: TC105
budget = 2
for used, op in enumerate(ops):
    if used >= budget:
        break
    op.sync()
ops.clear()
print(outs[1].to_numpy()[:2])
