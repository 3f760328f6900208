"""Two KV rows written by ops in flight; the host reads a third row, disjoint from both."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

kv = tr.from_numpy(np.arange(3 * 32, dtype=np.float32).reshape(3, 32))
token = tr.ones((32,), name="token")
p0 = K.scale(tiles(kv[0]), token, 10.0).submit()
p1 = K.scale(tiles(kv[1]), token, 20.0).submit()
spare = kv[2].to_numpy().copy()
p1.wait()
p0.wait()
assert spare[0] == 64.0
assert np.array_equal(kv.to_numpy()[:2, 0], [10.0, 20.0])
