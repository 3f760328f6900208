"""Pendings awaited together with asyncio.gather inside a coroutine."""

import asyncio

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


async def main() -> float:
    x = vec(np.arange(32))
    outs = [tr.zeros((32,)) for _ in range(4)]
    pends = [K.scale(tiles(o), x, 0.5 * i).submit() for i, o in enumerate(outs)]
    await asyncio.gather(*pends)
    return sum(float(o.to_numpy().sum()) for o in outs)


assert asyncio.run(main()) == 0.5 * 6 * 496
