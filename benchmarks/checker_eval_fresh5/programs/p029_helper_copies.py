import numpy as np
from llmdeck.host import start_copy, wait_all

import tilert as tr

N = 64
srcs = [tr.full((N,), float(i)) for i in range(4)]
dsts = [tr.zeros((N,)) for _ in srcs]
pendings = [start_copy(d, s) for d, s in zip(dsts, srcs, strict=True)]
assert wait_all(pendings) == 4
for i, d in enumerate(dsts):
    assert np.all(d.to_numpy() == i)
