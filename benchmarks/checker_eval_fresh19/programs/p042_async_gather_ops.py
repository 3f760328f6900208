"""Ops awaited together through `asyncio.gather`, then read."""

from __future__ import annotations

import asyncio

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


async def forward(x: tr.Tensor) -> tuple[float, float]:
    q, k = tr.zeros(64), tr.zeros(64)
    await asyncio.gather(K.scale(tiles(q), x, 2.0), K.scale(tiles(k), x, 3.0))
    return float(q.to_numpy().sum()), float(k.to_numpy().sum())


got = asyncio.run(forward(upload(np.ones(64))))
assert got == (128.0, 192.0)
print("ok")
