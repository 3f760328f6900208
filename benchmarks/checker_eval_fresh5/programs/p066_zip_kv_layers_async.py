"""Two KV layers written by one zipped op, awaited; layer views are disjoint."""

from __future__ import annotations

import asyncio

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

LAYERS, N = 2, 64


async def fill_cache(kv: tr.Tensor, x: tr.Tensor) -> None:
    await tr.zip(
        scale(kv[0].partition((16,)), x, 1.0),
        scale(kv[1].partition((16,)), x, -1.0),
    )


kv = tr.zeros((LAYERS, N))
asyncio.run(fill_cache(kv, tr.arange(N)))
got = kv.to_numpy()
assert np.allclose(got[0], np.arange(N)) and np.allclose(got[1], -np.arange(N))
