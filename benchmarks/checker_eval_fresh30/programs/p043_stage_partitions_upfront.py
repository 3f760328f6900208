"""Two-stage pipeline whose output partitions are all made before the launches."""

import numpy as np
from llmquill import gelu, scale

import tilert as tr

N = 2048
x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
h1, h2 = tr.empty((N,), name="h1"), tr.empty((N,), name="h2")

stage_tiles = [buf.partition((512,)) for buf in (h1, h2)]
scale(stage_tiles[1], h1, 3.0).sync()  # expect: TC104
gelu(stage_tiles[0], x).sync()
print(h2.to_numpy()[:3])
