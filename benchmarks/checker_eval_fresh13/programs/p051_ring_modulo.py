"""Double buffering by index (bufs[i % 2], pends[i % 2]): the slot is reloaded while still read."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

chunks = [np.full(128, i, dtype=np.float32) for i in range(4)]
inputs = [tr.zeros(128), tr.zeros(128)]
outs = [tr.zeros(128), tr.zeros(128)]
pends: list = [None, None]
for i, chunk in enumerate(chunks):
    slot = i % 2
    inputs[slot].copy_from(chunk)  # expect: TC103
    pends[slot] = K.scale(tiles(outs[slot]), inputs[slot], 2.0).submit()
for p in pends:
    p.wait()
