"""An asyncio producer/consumer: the producer launches, the consumer awaits and reads."""

import asyncio

import numpy as np
from llmforge import scale

import tilert as tr

N = 1024


async def producer(queue: asyncio.Queue, bufs: list[tr.Tensor], x: tr.Tensor) -> None:
    for i, buf in enumerate(bufs):
        await queue.put((i, buf, scale(buf.partition((256,)), x, float(i)).submit()))
    await queue.put(None)


async def consumer(queue: asyncio.Queue) -> list[float]:
    sums = []
    while (item := await queue.get()) is not None:
        _, buf, pending = item
        sums.append(float(buf.to_numpy().sum()))  # expect: TC102
        await pending
    return sums


async def main() -> None:
    x = tr.from_numpy(np.ones(N, dtype=np.float32))
    bufs = [tr.empty((N,), name=f"buf{i}") for i in range(4)]
    queue: asyncio.Queue = asyncio.Queue(maxsize=2)
    _, sums = await asyncio.gather(producer(queue, bufs, x), consumer(queue))  # expect-also: TC102
    print("sums:", sums)


asyncio.run(main())
