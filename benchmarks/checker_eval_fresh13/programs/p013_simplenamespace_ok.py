"""The namespace dump after both waits."""

from types import SimpleNamespace

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

bufs = SimpleNamespace(q=tr.zeros(128), k=tr.zeros(128), x=tr.arange(128))
pq = K.scale(tiles(bufs.q), bufs.x, 0.5).submit()
pk = K.scale(tiles(bufs.k), bufs.x, 2.0).submit()
for p in (pk, pq):
    p.wait()
summary = {name: float(t.to_numpy()[1]) for name, t in vars(bufs).items()}
assert summary == {"q": 0.5, "k": 2.0, "x": 1.0}
