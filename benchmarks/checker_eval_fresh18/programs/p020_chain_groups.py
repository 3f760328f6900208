"""Two groups of head outputs joined with ``itertools.chain`` and stacked, though only the
first group's Pendings were waited."""

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
for p in local_done:
    p.wait()
stacked = np.stack([h.to_numpy() for h in chain(local_heads, global_heads)])  # expect: TC102
for p in global_done:
    p.wait()
print(stacked.shape)
