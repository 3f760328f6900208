"""A norm followed by a logging hook chained with .then."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

x = tr.from_numpy(np.linspace(-2, 2, 8, dtype=np.float32))
h = tr.zeros((8,))
y = tr.zeros((8,))
log: list[float] = []


def hook(*_: object) -> tr.Op:
    log.append(float(h.to_numpy().max()))  # expect: TC102
    return k.scale(tiles(y), h, 2.0)


k.relu(tiles(h), x).then(hook).sync()  # expect-also
print(log, y.to_numpy())
