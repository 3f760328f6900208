"""An asyncio task submits, yields to others, then awaits its Pending before reading."""

import asyncio

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


async def worker(i: int) -> float:
    out = tr.zeros((64,))
    pend = K.scale(tiles(out), tr.ones((64,)), float(i)).submit()
    await asyncio.sleep(0)
    await pend
    return float(out.to_numpy().sum())


async def main() -> None:
    results = await asyncio.gather(*(worker(i) for i in range(3)))
    assert results == [0.0, 64.0, 128.0], results


asyncio.run(main())
