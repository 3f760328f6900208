"""Launch per-head projections, keep the Pendings in a dict keyed by head, wait for all."""

import numpy as np
from llmdelta import scale

import tilert as tr

HEADS, D = 4, 128
x = [tr.from_numpy(np.full(D, h + 1, dtype=np.float32)) for h in range(HEADS)]
outs = {h: tr.zeros((D,), name=f"head{h}") for h in range(HEADS)}
pending = {}
for h in range(HEADS):
    pending[h] = scale(outs[h].partition((32,)), x[h], 0.5).submit()
for p in pending.values():
    p.wait()
values = [float(outs[h].to_numpy()[0]) for h in range(HEADS)]
assert values == [0.5, 1.0, 1.5, 2.0]
print(values)
