"""asyncio.gather of a producer awaiting its Pending late and a reader that runs meanwhile."""

import asyncio

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
out = tr.zeros((32,))


async def produce() -> None:
    pending = K.scale(tiles(out), x, 2.0).submit()
    await asyncio.sleep(0.01)
    await pending


async def read() -> float:
    await asyncio.sleep(0)
    return float(out.to_numpy().sum())  # expect: TC102


async def main() -> None:
    _, total = await asyncio.gather(produce(), read())  # expect-also
    print(total)


asyncio.run(main())
