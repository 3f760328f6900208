"""An async step awaits its `.then` chain, then awaits the same chain again to be sure."""

import asyncio

from llmquill.host import tiles, vec
from llmquill.kernels import accum, scale


async def step() -> float:
    x, z = vec(16, 1.0), vec(16)
    chain = scale(tiles(z), x, 2.0).then(lambda zp, *_: accum(zp, x))
    await chain
    await chain  # expect: TC110
    return float(z.to_numpy()[0])


print(asyncio.run(step()))  # expect-also
