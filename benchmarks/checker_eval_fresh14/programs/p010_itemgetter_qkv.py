"""Q, K and V projections in a dict; `itemgetter("q", "k")` pulls two out before K is waited."""

from operator import itemgetter

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(32, dtype=np.float32))
bufs = {name: tr.zeros((32,), name=name) for name in ("q", "k", "v")}
scales = {"q": 1.0, "k": 0.5, "v": 0.25}
pend = {name: K.scale(tiles(bufs[name]), x, scales[name]).submit() for name in bufs}
pend["q"].wait()
pend["v"].wait()
q, k = itemgetter("q", "k")(bufs)
score = float(np.dot(q.to_numpy(), k.to_numpy()))  # expect: TC102
pend["k"].wait()
print(score)
