"""Readers bound with lambda default arguments (t=buf), called while the buffers are written."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
bufs = [tr.zeros(128) for _ in range(2)]
readers = [lambda t=b: float(t.to_numpy().sum()) for b in bufs]  # expect: TC102
pends = [K.scale(tiles(b), x, 1.0).submit() for b in bufs]
totals = [read() for read in readers]  # expect-also
for p in pends:
    p.wait()
print(totals)
