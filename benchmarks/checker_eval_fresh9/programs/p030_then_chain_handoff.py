"""A relu then an in-place scale on the same tiles, handed along a .then chain."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

x = tr.from_numpy(np.linspace(-2, 2, 8, dtype=np.float32))
h = tr.zeros((8,))
y = tr.zeros((8,))

chain = k.relu(tiles(h), x).then(lambda hp, *_: k.scale_(hp, 3.0))
chain = chain.then(lambda *_: k.scale(tiles(y), h, 0.5))
chain.sync()
np.testing.assert_allclose(y.to_numpy(), np.maximum(x.to_numpy(), 0) * 1.5, rtol=1e-6)
print("ok")
