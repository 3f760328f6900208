"""Q, K and V projections built into a dict of ops; the loop runs only the names it lists."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

hidden = vec(32, 1.0)
q, k, v = vec(32), vec(32), vec(32)
ops = {
    "q": scale(tiles(q), hidden, 0.5),
    "k": scale(tiles(k), hidden, 0.25),
    "v": scale(tiles(v), hidden, 2.0),  # expect: TC105
}
for name in ("q", "k"):
    ops[name].sync()
print(np.dot(q.to_numpy(), k.to_numpy()))
