"""A KV layer's row is refreshed with copy_from while an op still reads the whole layer."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

kv = tr.from_numpy(np.ones((2, 4, 8), dtype=np.float32))
summary = vec(32)
pend = scale(tiles(summary), kv[0].reshape(-1), 0.5).submit()
kv[0, 3].copy_from(np.zeros(8, dtype=np.float32))  # expect: TC103
pend.wait()
