"""functools.reduce folding a list of ops into one tr.zip, synced once."""

from functools import reduce

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(4)]
ops = [K.scale(tiles(o), x, float(i)) for i, o in enumerate(outs)]
reduce(lambda a, b: tr.zip(a, b), ops).sync()
for i, o in enumerate(outs):
    assert np.array_equal(o.to_numpy(), np.arange(128, dtype=np.float32) * i)
