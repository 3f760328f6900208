"""Two groups of head outputs joined with ``itertools.chain``; the waits also go through
``chain`` over both groups' Pendings before the stack."""

from itertools import chain

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.linspace(0, 1, 64))
local_heads = [tr.empty((64,)) for _ in range(2)]
global_heads = [tr.empty((64,)) for _ in range(2)]
local_done = [K.scale(tiles(h), x, float(i + 1)).submit() for i, h in enumerate(local_heads)]
global_done = [K.scale(tiles(h), x, -float(i + 1)).submit() for i, h in enumerate(global_heads)]
for p in chain(local_done, global_done):
    p.wait()
stacked = np.stack([h.to_numpy() for h in chain(local_heads, global_heads)])
assert np.allclose(stacked.sum(axis=0), 0.0, atol=1e-5), stacked.sum(axis=0)
