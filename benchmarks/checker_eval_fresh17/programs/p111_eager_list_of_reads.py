"""Per-head outputs collected with a list comprehension of reads built before the wait."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

x = tr.ones((32,))
heads = [tr.empty((32,), name=f"head{h}") for h in range(3)]
step = tr.zip(*(K.scale(tiles(o), x, float(h)) for h, o in enumerate(heads))).submit()
reads = [o.to_numpy() for o in heads]  # expect: TC102
step.wait()
print(np.stack(reads).shape)
