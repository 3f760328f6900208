"""Layer norms submitted in a comprehension; the list is kept, waited, and its last one read."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles, wait_all

import tilert as tr

x = tr.from_numpy(np.linspace(0, 1, 64, dtype=np.float32))
outs = [tr.empty((64,), name=f"ln{i}") for i in range(3)]
pend = [K.scale(tiles(o), x, 1.0 + i).submit() for i, o in enumerate(outs)]
wait_all(pend)
last = pend[-1]
last.wait()
assert outs[-1].to_numpy()[-1] == 3.0
print(outs[-1].to_numpy()[-1])
