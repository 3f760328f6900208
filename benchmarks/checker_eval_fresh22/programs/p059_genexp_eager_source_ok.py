"""Lazy launches from a generator expression: each partition is made as the generator is drawn."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

layers = [tr.zeros((128,), name=f"layer{i}") for i in range(3)]
init = upload(np.full(128, 0.02))
launches = (K.copy(tiles(t), init) for t in layers)  # nothing partitioned yet
sizes = [float(t.to_numpy().sum()) for t in layers]
for op in launches:
    op.sync()
assert sizes == [0.0, 0.0, 0.0]
assert all(abs(float(t.to_numpy().sum()) - 2.56) < 1e-4 for t in layers)
