"""A decode step captured in a graph allocates a scratch buffer in the middle of the capture."""

from llmquill.host import tiles, vec
from llmquill.kernels import add, scale

import tilert as tr

x = vec(32, 1.0)
h = vec(32)
with tr.graph() as g:
    g.record(scale(tiles(h), x, 2.0))
    scratch = tr.zeros((32,))  # expect: TC111
    g.record(add(tiles(scratch), h, x))
g.launch().wait()
g.close()
