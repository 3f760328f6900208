"""A captured residual update: one partition handed from op to op inside the graph."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

x, delta = upload(np.ones(256)), upload(np.full(256, 0.25))
h = tr.zeros((256,), name="h")
plan = tiles(h)
with tr.graph() as g:
    g.record(K.copy(plan, x))
    g.record(K.accum(plan, delta))  # a partition may pass to the next op of the same graph
    g.record(K.scale_(plan, 2.0))
g.launch().wait()
g.close()
assert (h.to_numpy() == 2.5).all()
