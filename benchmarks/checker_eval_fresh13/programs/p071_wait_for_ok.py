"""asyncio.wait_for with a timeout around an awaited Pending, then the read."""

import asyncio

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


async def settle(p: tr.Pending) -> None:
    await p


async def main() -> None:
    x, y = tr.arange(128), tr.zeros(128)
    pending = K.scale(tiles(y), x, 2.0).submit()
    await asyncio.wait_for(settle(pending), timeout=30)
    assert np.array_equal(y.to_numpy(), 2 * np.arange(128, dtype=np.float32))


asyncio.run(main())
