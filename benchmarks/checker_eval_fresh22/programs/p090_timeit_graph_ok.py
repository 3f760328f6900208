"""Timing graph replays with timeit: each replay is a new launch, waited inside the lambda."""

import timeit

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

x = upload(np.ones(1024))
acc = tr.zeros((1024,), name="acc")
with tr.graph() as g:
    g.record(K.accum(tiles(acc), x))
per_replay = timeit.timeit(lambda: g.launch().wait(), number=5) / 5
g.close()
assert (acc.to_numpy() == 5.0).all()
print(f"{per_replay * 1e6:.1f} us per replay")
