"""Two coroutines under asyncio.gather: the producer submits and yields, the peer reads."""

import asyncio

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

shared = vec(32)


async def producer(x: tr.Tensor) -> None:
    pend = scale(tiles(shared), x, 2.0).submit()
    await asyncio.sleep(0)
    await pend


async def reporter() -> float:
    return float(shared.to_numpy().sum())  # expect: TC102


async def main() -> None:
    _, total = await asyncio.gather(producer(vec(32, 1.0)), reporter())  # expect-also
    print(total)


asyncio.run(main())
