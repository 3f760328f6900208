"""A backward pass over the layers in reverse: gradient buffers per layer, waited at the end."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

LAYERS = 4
acts = [tr.full((8,), float(i + 1)) for i in range(LAYERS)]
grads = [tr.zeros((8,), name=f"grad{i}") for i in range(LAYERS)]
upstream = tr.ones((8,))
pending: list[tr.Pending[Any]] = []
for depth, act in enumerate(reversed(acts)):
    layer = LAYERS - 1 - depth
    pending.append(k.mul(tiles(grads[layer]), act, upstream).submit())
for p in reversed(pending):
    p.wait()
np.testing.assert_allclose([g.to_numpy()[0] for g in grads], [1, 2, 3, 4])
print("ok")
