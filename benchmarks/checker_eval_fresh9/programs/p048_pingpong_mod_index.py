"""Ping-pong residual stream indexed with i % 2: each layer reads one buffer, writes the other."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

LAYERS = 5
stream = [tr.ones((8,), name="ping"), tr.zeros((8,), name="pong")]
deltas = [tr.full((8,), float(i)) for i in range(LAYERS)]
for i in range(LAYERS):
    src, dst = stream[i % 2], stream[(i + 1) % 2]
    p = k.add(tiles(dst), src, deltas[i]).submit()
    p.wait()
final = stream[LAYERS % 2]
np.testing.assert_allclose(final.to_numpy(), np.full(8, 11.0))
print("ok")
