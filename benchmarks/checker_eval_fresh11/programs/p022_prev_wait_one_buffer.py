"""Software pipelining with one buffer: the next launch is made before the previous is waited."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
buf = tr.zeros((128,), name="buf")
prev = None
for step in range(4):
    pend = K.scale(tiles(buf), x, float(step)).submit()  # expect: TC102
    if prev is not None:
        prev.wait()
    prev = pend
if prev is not None:
    prev.wait()
