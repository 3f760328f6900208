"""Producer/consumer with asyncio: the producer submits device work and queues the Pending;
the consumer waits for each before reading its buffer."""

import asyncio

from llmfjord import scale

import tilert as tr

N = 2048


async def producer(queue: asyncio.Queue, inputs: list[tr.Tensor]) -> None:
    for i, x in enumerate(inputs):
        out = tr.empty((N,), name=f"out{i}")
        pending = scale(out.partition((512,)), x, 2.0).submit()
        await queue.put((out, pending))
    await queue.put(None)


async def consumer(queue: asyncio.Queue) -> list[float]:
    sums = []
    while (item := await queue.get()) is not None:
        out, pending = item
        await pending
        sums.append(float(out.to_numpy().sum()))
    return sums


async def main() -> None:
    inputs = [tr.full((N,), float(i)) for i in range(4)]
    queue: asyncio.Queue = asyncio.Queue(maxsize=2)
    _, sums = await asyncio.gather(producer(queue, inputs), consumer(queue))
    print(sums)


asyncio.run(main())
