"""Gradient accumulation over micro-batches, then a fused update per (param, grad) pair."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

MICRO = 4
params = [tr.ones((8,)) for _ in range(2)]
accum = [tr.zeros((8,)) for _ in range(2)]
for mb in range(MICRO):
    batch = [tr.full((8,), float(mb + 1)) for _ in params]
    waits: list[tr.Pending[Any]] = [
        k.acc(tiles(a), g).submit() for a, g in zip(accum, batch, strict=True)
    ]
    for w in waits:
        w.wait()
updates = [k.axpy(tiles(p), a, -1.0 / MICRO).submit() for p, a in zip(params, accum, strict=True)]
for u in updates:
    u.wait()
np.testing.assert_allclose(params[0].to_numpy(), np.full(8, 1 - 10 / MICRO))
print("ok")
