"""A mixture-of-experts layer hot-swaps an expert's weights while a routed op still reads them."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import add

import tilert as tr

D = 16
experts = [tr.from_numpy(np.full(D, e, dtype=np.float32)) for e in range(4)]
tokens = [vec(D, 1.0) for _ in range(3)]
routes = [2, 0, 2]
outs = [vec(D) for _ in tokens]
jobs = zip(outs, tokens, routes, strict=True)
pendings = [add(tiles(o), t, experts[e]).submit() for o, t, e in jobs]
experts[2].copy_from(np.full(D, 20.0, dtype=np.float32))  # expect: TC103
for p in pendings:
    p.wait()
