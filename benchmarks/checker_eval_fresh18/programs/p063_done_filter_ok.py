"""Outputs polled with ``done()``; each ready one is waited (cheap once done) before its read,
and the rest are waited afterwards."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
outs = [tr.empty((64,)) for _ in range(3)]
pends = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
firsts: dict[int, float] = {}
while len(firsts) < len(outs):
    for i, (o, p) in enumerate(zip(outs, pends, strict=True)):
        if i not in firsts and p.done():
            p.wait()
            firsts[i] = float(o.to_numpy()[1])
assert firsts == {0: 0.0, 1: 1.0, 2: 2.0}
