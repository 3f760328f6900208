"""Gated activation: the output is tiled; the inputs are read tile by tile inside the kernel."""

import numpy as np
from llmcove import mul, silu

import tilert as tr

N, TILE = 4096, 512
rng = np.random.default_rng(2)
gate = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
up = tr.from_numpy(rng.standard_normal(N).astype(np.float32))
act = tr.empty((N,))
out = tr.empty((N,))

silu(act.partition((TILE,)), gate).then(lambda *_: mul(out.partition((TILE,)), act, up)).sync()
g, u = gate.to_numpy(), up.to_numpy()
print(np.allclose(out.to_numpy(), g / (1 + np.exp(-g)) * u, atol=1e-5))
