"""Launch per-head projections, keep the Pendings in a dict keyed by head, wait for some."""

import numpy as np
from llmdelta import scale

import tilert as tr

HEADS, D = 4, 128
x = [tr.from_numpy(np.full(D, h + 1, dtype=np.float32)) for h in range(HEADS)]
outs = {h: tr.zeros((D,), name=f"head{h}") for h in range(HEADS)}
pending = {}
for h in range(HEADS):
    pending[h] = scale(outs[h].partition((32,)), x[h], 0.5).submit()  # expect: TC108
for h in range(HEADS - 1):
    pending.pop(h).wait()
print([outs[h].to_numpy()[0] for h in range(HEADS - 1)])
pending.clear()
