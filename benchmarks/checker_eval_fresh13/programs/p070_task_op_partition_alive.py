"""An op handed to an asyncio task; the host reads the buffer before the task runs the op."""

import asyncio

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


async def run(op: tr.Op) -> None:
    await op


async def main() -> None:
    x, y = tr.arange(128), tr.zeros(128)
    task = asyncio.create_task(run(K.scale(tiles(y), x, 2.0)))
    before = y.to_numpy()  # expect: TC104
    await task
    print(before[:2])


asyncio.run(main())
