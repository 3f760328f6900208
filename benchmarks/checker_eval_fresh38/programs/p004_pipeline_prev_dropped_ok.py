"""Software pipeline over layers' gradient buffers: one update in flight while the next is
launched."""

import numpy as np
from trainkit import TILE, sgd_step

import tilert as tr

sizes = [512, 1024, 768, 256]
params = [tr.ones((n,), name=f"w{i}") for i, n in enumerate(sizes)]
grads = [tr.full((n,), 0.5, name=f"g{i}") for i, n in enumerate(sizes)]

prev = None
for p, g in zip(params, grads, strict=True):
    pend = sgd_step(p.partition((TILE,)), g, 0.1).submit()
    if prev is not None:
        prev.wait()
    prev = pend
if prev is not None:
    prev.wait()
print([float(np.mean(p.to_numpy())) for p in params])
