"""Mixture of experts: tokens grouped per expert in a defaultdict, combined after every wait."""

from collections import defaultdict

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles

import tilert as tr

rng = np.random.default_rng(9)
tokens = rng.standard_normal((6, 16)).astype(np.float32)
route = [0, 2, 0, 1, 2, 2]
gains = {0: 0.5, 1: 2.0, 2: -1.0}
groups = defaultdict(list)
for t, e in enumerate(route):
    groups[e].append(t)

outs, pending = {}, []
for e, ts in groups.items():
    src = tr.from_numpy(tokens[ts])
    outs[e] = tr.zeros(src.shape)
    pending.append(K.scale(tiles(outs[e]), src, gains[e]).submit())
for p in pending:
    p.wait()
combined = np.zeros_like(tokens)
for e, ts in groups.items():
    combined[ts] = outs[e].to_numpy()
assert np.allclose(combined, tokens * np.array([gains[e] for e in route])[:, None])
