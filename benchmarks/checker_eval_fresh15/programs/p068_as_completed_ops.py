"""Ops awaited through coroutines under asyncio.as_completed; outputs read as each finishes."""

import asyncio

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))


async def run(i: int) -> tuple[int, tr.Tensor]:
    out = tr.zeros((32,))
    await K.scale(tiles(out), x, float(i))
    return i, out


async def main() -> dict[int, float]:
    sums = {}
    for fut in asyncio.as_completed([run(i) for i in range(3)]):
        i, out = await fut
        sums[i] = float(out.to_numpy().sum())
    return sums


assert asyncio.run(main()) == {0: 0.0, 1: 496.0, 2: 992.0}
