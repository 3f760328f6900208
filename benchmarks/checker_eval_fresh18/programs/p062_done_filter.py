"""Outputs whose Pending answers ``done()`` filtered in a comprehension and read right away,
without a wait."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
outs = [tr.empty((64,)) for _ in range(3)]
pends = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
while not any(p.done() for p in pends):
    pass
ready = [o for o, p in zip(outs, pends, strict=True) if p.done()]
firsts = [r.to_numpy()[1] for r in ready]  # expect: TC102
for p in pends:
    p.wait()
print(firsts)
