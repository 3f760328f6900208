"""An asyncio producer/consumer: the producer submits each batch's projection and puts
(batch id, output, pending) on a queue; the consumer post-processes the results."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, OUT = 64, 32
rng = np.random.default_rng(25)
w = tr.from_numpy((rng.standard_normal((OUT, HIDDEN)) * 0.1).astype(np.float32))


async def producer(queue: asyncio.Queue, batches: list[np.ndarray]) -> None:
    for i, batch in enumerate(batches):
        x = tr.from_numpy(batch)
        y = tr.empty((batch.shape[0], OUT), name=f"y{i}")
        await queue.put((i, y, tk.linear(y, x, w).submit()))
    await queue.put(None)


async def consumer(queue: asyncio.Queue, results: dict[int, float]) -> None:
    while (item := await queue.get()) is not None:
        i, y, pending = item
        await pending
        results[i] = float(y.to_numpy().max())


async def main() -> None:
    batches = [rng.standard_normal((4, HIDDEN)).astype(np.float32) for _ in range(3)]
    queue: asyncio.Queue = asyncio.Queue(maxsize=2)
    results: dict[int, float] = {}
    await asyncio.gather(producer(queue, batches), consumer(queue, results))
    print(results)


asyncio.run(main())
