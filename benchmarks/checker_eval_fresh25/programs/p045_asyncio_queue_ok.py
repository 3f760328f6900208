"""An asyncio batcher: producers enqueue prompts, a worker runs one kernel per batch."""

import asyncio

import numpy as np
from llmquay import scale

import tilert as tr

D = 256


async def producer(queue: asyncio.Queue, n: int) -> None:
    for i in range(n):
        await queue.put(np.full(D, i, dtype=np.float32))
    await queue.put(None)


async def worker(queue: asyncio.Queue) -> list[float]:
    out = tr.empty((D,), name="out")
    results = []
    while (item := await queue.get()) is not None:
        x = tr.from_numpy(item)
        await scale(out.partition((64,)), x, 0.5)
        results.append(float(out.to_numpy()[0]))
    return results


async def main() -> None:
    queue: asyncio.Queue = asyncio.Queue(maxsize=2)
    _, results = await asyncio.gather(producer(queue, 5), worker(queue))
    assert results == [0.0, 0.5, 1.0, 1.5, 2.0]
    print(results)


asyncio.run(main())
