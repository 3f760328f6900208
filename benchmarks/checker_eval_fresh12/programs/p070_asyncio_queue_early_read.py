"""A producer coroutine puts (buffer, pending) pairs on an asyncio.Queue; the consumer reads the
buffer before awaiting the Pending."""

import asyncio

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


async def producer(q: asyncio.Queue, x: tr.Tensor) -> None:
    for i in range(3):
        out = tr.zeros(x.shape)
        await q.put((out, K.scale(tiles(out), x, float(i)).submit()))
    await q.put(None)


async def consumer(q: asyncio.Queue) -> list[float]:
    seen = []
    while (item := await q.get()) is not None:
        out, pend = item
        seen.append(float(out.to_numpy()[0]))  # expect: TC102
        await pend
    return seen


async def main() -> None:
    q: asyncio.Queue = asyncio.Queue()
    _, seen = await asyncio.gather(producer(q, tr.ones((64,))), consumer(q))
    print(seen)


asyncio.run(main())
