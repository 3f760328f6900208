"""Pendings collected with a walrus inside a comprehension; the last one is read as it is made."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(3)]
last = None
pendings = [(last := K.scale(tiles(o), x, 2.0).submit()) for o in outs]
peek = outs[-1].to_numpy()[5]  # expect: TC102
for p in pendings:
    p.wait()
print(peek, last)
