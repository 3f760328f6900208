"""The same readers called after the waits."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
bufs = [tr.zeros(128) for _ in range(2)]
readers = [lambda t=b: float(t.to_numpy().sum()) for b in bufs]
pends = [K.scale(tiles(b), x, 1.0).submit() for b in bufs]
for p in pends:
    p.wait()
totals = [read() for read in readers]
assert totals == [8128.0, 8128.0]
