"""Ops kept in a list are synced one by one, then zipped and run again for a second pass."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros((128,)) for _ in range(3)]
ops = [K.relu(tiles(o), x) for o in outs]
for op in ops:
    op.sync()
tr.zip(*ops).sync()  # expect: TC110
