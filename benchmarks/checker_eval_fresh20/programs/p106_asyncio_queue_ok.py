"""An asyncio.Queue carries (buffer, pending) from a producer; the consumer awaits, then reads."""

import asyncio

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


async def producer(q: asyncio.Queue, x: tr.Tensor) -> None:
    for i in range(3):
        buf = tr.zeros((16,))
        await q.put((buf, K.scale(tiles(buf), x, float(i)).submit()))
    await q.put(None)


async def consumer(q: asyncio.Queue) -> list[float]:
    seen = []
    while (item := await q.get()) is not None:
        buf, pending = item
        await pending
        seen.append(float(buf.to_numpy()[2]))
    return seen


async def main() -> None:
    q: asyncio.Queue = asyncio.Queue(maxsize=1)
    _, seen = await asyncio.gather(producer(q, upload(np.arange(16))), consumer(q))
    assert seen == [0.0, 2.0, 4.0]


asyncio.run(main())
