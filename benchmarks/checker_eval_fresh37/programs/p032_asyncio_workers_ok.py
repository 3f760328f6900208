import asyncio

import numpy as np
from hostkit import relu, scale

import tilert as tr


async def worker(name, queue, results):
    while True:
        item = await queue.get()
        if item is None:
            queue.task_done()
            return
        idx, arr = item
        x = tr.from_numpy(arr)
        h = tr.empty(x.shape)
        y = tr.empty(x.shape)
        await relu(h.partition((128,)), x)
        await scale(y.partition((128,)), h, 2.0)
        results[idx] = float(y.to_numpy().sum())
        queue.task_done()


async def main(n_jobs=6, n_workers=2):
    queue = asyncio.Queue()
    results = {}
    workers = [asyncio.create_task(worker(f"w{i}", queue, results)) for i in range(n_workers)]
    for i in range(n_jobs):
        await queue.put((i, np.linspace(-1, 1, 256, dtype=np.float32) * i))
    for _ in workers:
        await queue.put(None)
    await asyncio.gather(*workers)
    return [results[i] for i in range(n_jobs)]


print(asyncio.run(main()))
