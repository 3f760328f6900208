"""A timing event recorded inside the capture block."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
y = tr.zeros((128,))
s = tr.Stream()
with tr.graph(s) as g:
    g.record(K.scale(tiles(y), x, 2.0))
    mark = s.record()  # expect: TC111
g.launch().wait()
g.close()
