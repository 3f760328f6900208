from itertools import starmap

import llmpress.kernels as K
import numpy as np
from llmpress.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(256, dtype=np.float32))
q, k, v = (tr.empty((256,), name=n) for n in "qkv")
jobs = [
    (tiles(q), x, 0.125),
    (tiles(k), x, 1.0),
    (v, x, 1.0),
]
ops = list(starmap(K.scale, jobs))  # expect: TC106
tr.zip(*ops).sync()
