"""An op awaited in a coroutine, then synced again by the cleanup path."""

import asyncio

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

out = tr.zeros((32,))
op = K.scale(tiles(out), vec(np.arange(32)), 2.0)


async def main() -> None:
    await op


asyncio.run(main())
op.sync()  # expect: TC110
