"""Layer norms submitted in a comprehension; only `[-1]` is kept and waited."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

x = tr.from_numpy(np.linspace(0, 1, 64, dtype=np.float32))
outs = [tr.empty((64,), name=f"ln{i}") for i in range(3)]
last = [K.scale(tiles(o), x, 1.0 + i).submit() for i, o in enumerate(outs)][-1]  # expect: TC108
last.wait()
print(outs[-1].to_numpy()[-1])
