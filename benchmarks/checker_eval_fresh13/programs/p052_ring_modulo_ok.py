"""Double buffering by index, the slot's previous Pending waited before its input is reloaded."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

chunks = [np.full(128, i, dtype=np.float32) for i in range(4)]
inputs = [tr.zeros(128), tr.zeros(128)]
outs = [tr.zeros(128), tr.zeros(128)]
pends: list = [None, None]
results = []
for i, chunk in enumerate(chunks):
    slot = i % 2
    if pends[slot] is not None:
        pends[slot].wait()
        results.append(float(outs[slot].to_numpy()[0]))
    inputs[slot].copy_from(chunk)
    pends[slot] = K.scale(tiles(outs[slot]), inputs[slot], 2.0).submit()
for slot in (0, 1):
    pends[slot].wait()
    results.append(float(outs[slot].to_numpy()[0]))
assert results == [0.0, 2.0, 4.0, 6.0]
