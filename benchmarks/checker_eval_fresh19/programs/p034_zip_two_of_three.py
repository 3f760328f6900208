"""Q, K, V projection ops in a dict; the zip takes the keys of a two-name tuple, so V never runs."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.ones(64))
q, k, v = tr.zeros(64), tr.zeros(64), tr.zeros(64)
ops = {
    "q": K.scale(tiles(q), x, 1.0),
    "k": K.scale(tiles(k), x, 2.0),
    "v": K.scale(tiles(v), x, 3.0),  # expect: TC105
}
tr.zip(*[ops[name] for name in ("q", "k")]).sync()
print(q.to_numpy()[0], k.to_numpy()[0])
