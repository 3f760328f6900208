"""A KV cache of layers as views `kv[layer]`: every layer's append in flight at once."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

LAYERS, WIDTH = 4, 8
kv = tr.zeros((LAYERS, WIDTH), name="kv")
token = tr.ones((WIDTH,))
pendings: list[tr.Pending[Any]] = []
for layer in range(LAYERS):
    pendings.append(k.scale(tiles(kv[layer]), token, float(layer)).submit())
for p in pendings:
    p.wait()
np.testing.assert_allclose(kv.to_numpy()[:, 0], [0, 1, 2, 3])
print("ok")
