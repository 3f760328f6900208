"""An asyncio producer refills the shared prompt buffer while the consumer's launch reads it."""

import asyncio

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


async def main() -> None:
    prompt = tr.zeros(128)
    out = tr.zeros(128)
    q: asyncio.Queue = asyncio.Queue()

    async def consumer() -> None:
        await q.get()
        await q.put(K.scale(tiles(out), prompt, 2.0).submit())

    async def producer() -> None:
        await q.put("go")
        await asyncio.sleep(0)
        pending = await q.get()
        prompt.copy_from(np.ones(128, dtype=np.float32))  # expect: TC103
        await pending

    await asyncio.gather(consumer(), producer())  # expect-also


asyncio.run(main())
