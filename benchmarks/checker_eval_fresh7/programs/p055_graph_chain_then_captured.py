"""A graph captured once from a `.then` chain (scale then accumulate, the partition moving along
the chain) and replayed in a loop; Pendings of replays kept in a list and waited together."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

x = tr.full((64,), 2.0, name="x")
y = tr.zeros((64,), name="y")
with tr.graph() as g:
    g.record(K.scale(y.partition((16,)), x, 1.0).then(lambda yp, *_: K.acc(yp, x)))
launches = [g.launch() for _ in range(3)]
for pending in launches:
    pending.wait()
g.close()
assert np.all(y.to_numpy() == 4.0)
print("chain graph ok")
