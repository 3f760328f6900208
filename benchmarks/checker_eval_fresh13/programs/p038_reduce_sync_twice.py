"""functools.reduce zips ops that were already synced one by one as a warm-up."""

from functools import reduce

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(3)]
ops = [K.scale(tiles(o), x, 2.0) for o in outs]
ops[0].sync()
reduce(tr.zip, ops).sync()  # expect: TC110
