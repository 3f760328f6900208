"""A warm-up op synced inside the capture block, before the recorded ones."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
a = tr.zeros((128,))
b = tr.zeros((128,))
with tr.graph() as g:
    K.scale(tiles(a), x, 1.0).sync()  # expect: TC111
    g.record(K.scale(tiles(b), x, 2.0))
g.launch().wait()
g.close()
