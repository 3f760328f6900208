"""itertools.starmap over job tuples whose outputs are fresh buffers."""

from itertools import starmap

import numpy as np
from llmrig import kernels as K

import tilert as tr

x, y = tr.arange(128), tr.ones(128)
a, b = tr.zeros(128), tr.zeros(128)
jobs = [(a.partition((64,)), x, y), (b.partition((64,)), y, y)]
ops = list(starmap(K.add, jobs))
tr.zip(*ops).sync()
assert np.array_equal(a.to_numpy(), np.arange(128, dtype=np.float32) + 1)
assert np.all(b.to_numpy() == 2)
