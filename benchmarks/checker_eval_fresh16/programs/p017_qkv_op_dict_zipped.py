"""Q, K and V projections built into a dict of ops, run together through tr.zip(*values)."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

hidden = vec(32, 1.0)
q, k, v = vec(32), vec(32), vec(32)
ops = {
    "q": scale(tiles(q), hidden, 0.5),
    "k": scale(tiles(k), hidden, 0.25),
    "v": scale(tiles(v), hidden, 2.0),
}
tr.zip(*ops.values()).sync()
assert np.dot(q.to_numpy(), k.to_numpy()) == 4.0
assert v.to_numpy().sum() == 64.0
