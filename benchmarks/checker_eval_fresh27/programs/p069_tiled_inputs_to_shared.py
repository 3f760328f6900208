"""Gated activation: every argument is tiled the same way "so the blocks line up"."""

import numpy as np
from llmcove import mul

import tilert as tr

N, TILE = 4096, 512
rng = np.random.default_rng(2)
gate = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
up = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
out = tr.empty((N,))

mul(out.partition((TILE,)), gate.partition((TILE,)), up).sync()  # expect: TC106
print(out.to_numpy()[:4])
