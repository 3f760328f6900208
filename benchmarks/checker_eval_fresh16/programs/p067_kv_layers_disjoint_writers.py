"""Two layers of a KV cache written by ops in flight together, then read after both waits."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

kv = tr.zeros((2, 32))
x = vec(32, 1.0)
p0 = scale(tiles(kv[0]), x, 1.0).submit()
p1 = scale(tiles(kv[1]), x, 2.0).submit()
p1.wait()
p0.wait()
assert np.array_equal(kv.to_numpy()[:, 0], [1.0, 2.0])
