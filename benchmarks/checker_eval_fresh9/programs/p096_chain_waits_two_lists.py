"""Keys and values written on two streams; one loop waits both lists through itertools.chain."""

from __future__ import annotations

from itertools import chain

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

ks = [tr.zeros((4,)) for _ in range(3)]
vs = [tr.zeros((4,)) for _ in range(3)]
src = tr.arange(4)
with tr.Stream():
    kp = [k.scale(tiles(t), src, 1.0).submit() for t in ks]
with tr.Stream():
    vp = [k.scale(tiles(t), src, -1.0).submit() for t in vs]
for p in chain(kp, vp):
    p.wait()
np.testing.assert_allclose(sum(t.to_numpy() for t in ks + vs), np.zeros(4))
print("ok")
