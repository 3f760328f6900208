"""A capture makes a strided view contiguous inside the `with tr.graph()` block."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

x = vec(32, 1.0)
out = vec(16)
with tr.graph() as g:
    evens = x[::2].contiguous()  # expect: TC111
    g.record(scale(tiles(out), evens, 2.0))
g.launch().wait()
g.close()
