"""A generator expression sums the outputs before the list of Pendings is waited."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.ones((256,))
outs = [tr.zeros((256,)) for _ in range(3)]
pend = [K.scale(tiles(o), x, 2.0**i).submit() for i, o in enumerate(outs)]
grand = sum(float(o.to_numpy().sum()) for o in outs)  # expect: TC102
for p in pend:
    p.wait()
print(grand)
