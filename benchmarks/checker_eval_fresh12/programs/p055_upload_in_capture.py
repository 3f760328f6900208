"""A capture that refreshes its input through the package's `upload` helper (which submits)."""

from llmserve import kernels as K
from llmserve.host import tiles, upload

import tilert as tr

tokens = tr.full((128,), 3.0)
h = tr.zeros((128,))
out = tr.zeros((128,))

with tr.graph() as g:
    pend = upload(h, tokens)  # expect: TC111
    g.record(K.scale(tiles(out), h, 2.0))
g.launch().wait()
g.close()
