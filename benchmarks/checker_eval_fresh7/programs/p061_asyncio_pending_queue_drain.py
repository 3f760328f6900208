"""An asyncio producer/consumer: the producer puts (name, tensor, Pending) on an asyncio.Queue;
the consumer awaits each Pending before reading its tensor."""

import asyncio

import numpy as np
from llmroute import kernels as K

import tilert as tr


async def producer(q, n):
    src = tr.arange(64)
    for i in range(n):
        buf = tr.zeros((64,), name=f"chunk{i}")
        await q.put((i, buf, K.scale(buf.partition((16,)), src, float(i)).submit()))
    await q.put(None)


async def consumer(q, sums):
    while (item := await q.get()) is not None:
        i, buf, pending = item
        await pending
        sums[i] = float(buf.to_numpy().sum())


async def main():
    q = asyncio.Queue(maxsize=2)
    sums = {}
    await asyncio.gather(producer(q, 4), consumer(q, sums))
    return sums


sums = asyncio.run(main())
assert sums == {i: i * float(np.arange(64).sum()) for i in range(4)}
print(sums)
