"""An async step awaits a submitted Pending, then awaits the same Pending again: allowed."""

import asyncio

from llmquill.host import tiles, vec
from llmquill.kernels import accum, scale


async def step() -> float:
    x, z = vec(16, 1.0), vec(16)
    pend = scale(tiles(z), x, 2.0).then(lambda zp, *_: accum(zp, x)).submit()
    await pend
    await pend
    return float(z.to_numpy()[0])


assert asyncio.run(step()) == 3.0
