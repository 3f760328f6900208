"""Lazy launches from a generator expression over freshly partitioned layers."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

layers = [tr.zeros((128,), name=f"layer{i}") for i in range(3)]
init = upload(np.full(128, 0.02))
# the generator is lazy, but its first iterable (the list of plans) is built right here
launches = (K.copy(plan, init) for plan in [tiles(t) for t in layers])
sizes = [float(t.to_numpy().sum()) for t in layers]  # expect: TC104
for op in launches:
    op.sync()
print(sizes)
