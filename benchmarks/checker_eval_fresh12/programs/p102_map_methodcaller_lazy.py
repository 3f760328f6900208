"""Pendings "waited" through `map(methodcaller("wait"), ...)`, a lazy map nobody iterates before
the read."""

from operator import methodcaller

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.ones((128,))
outs = [tr.zeros((128,)) for _ in range(3)]
pends = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
waits = map(methodcaller("wait"), pends)
firsts = [float(o.to_numpy()[0]) for o in outs]  # expect: TC102
list(waits)
print(firsts)
