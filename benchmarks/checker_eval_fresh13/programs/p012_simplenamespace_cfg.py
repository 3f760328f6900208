"""Buffers kept in a SimpleNamespace; the config dump formats one while it is written."""

from types import SimpleNamespace

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

bufs = SimpleNamespace(q=tr.zeros(128), k=tr.zeros(128), x=tr.arange(128))
pq = K.scale(tiles(bufs.q), bufs.x, 0.5).submit()
pk = K.scale(tiles(bufs.k), bufs.x, 2.0).submit()
pq.wait()
summary = {name: float(t.to_numpy()[1]) for name, t in vars(bufs).items()}  # expect: TC102
pk.wait()
print(summary)
