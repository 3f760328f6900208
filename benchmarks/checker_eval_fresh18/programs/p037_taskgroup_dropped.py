"""Cache-warming coroutines started in an ``asyncio.TaskGroup`` without keeping the tasks:
each returns the Pending of its copy, which nobody waits."""

import asyncio

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


async def warm(dst: tr.Tensor[tr.f32], src: tr.Tensor[tr.f32]) -> tr.Pending:
    await asyncio.sleep(0)
    return K.copy(tiles(dst), src).submit()  # expect: TC108


async def main() -> None:
    src = vec(np.arange(128))
    pages = [tr.empty((128,)) for _ in range(3)]
    async with asyncio.TaskGroup() as tg:
        for page in pages:
            tg.create_task(warm(page, src))
    print("warmed", len(pages))


asyncio.run(main())
