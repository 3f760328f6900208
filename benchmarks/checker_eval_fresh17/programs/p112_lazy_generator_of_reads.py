"""Per-head outputs collected with a generator of reads: built before the wait, drawn after it."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

x = tr.ones((32,))
heads = [tr.empty((32,), name=f"head{h}") for h in range(3)]
step = tr.zip(*(K.scale(tiles(o), x, float(h)) for h, o in enumerate(heads))).submit()
reads = (o.to_numpy() for o in heads)
step.wait()
stacked = np.stack(list(reads))
assert np.array_equal(stacked[:, 0], [0.0, 1.0, 2.0])
