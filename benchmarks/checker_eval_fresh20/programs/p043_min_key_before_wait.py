"""The candidate with the smallest loss picked by min(key=...) before the losses are waited."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload, wait_all

import tilert as tr

x = upload(np.linspace(1, 2, 16))
losses = [tr.zeros((16,)) for _ in range(3)]
pendings = [K.scale(tiles(loss), x, 3.0 - i) for i, loss in enumerate(losses)]
pendings = [op.submit() for op in pendings]
best = min(range(3), key=lambda i: float(losses[i].to_numpy().sum()))  # expect: TC102
wait_all(pendings)
print(best)
