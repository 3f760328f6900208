"""A producer puts ``(out, pending)`` pairs on an ``asyncio.Queue``; the consumer takes one
pair fewer than were produced, and the last Pending is never waited."""

import asyncio

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


async def produce(q: asyncio.Queue, n: int) -> None:
    x = vec(np.arange(64))
    for i in range(n):
        out = tr.empty((64,))
        await q.put((out, K.scale(tiles(out), x, float(i)).submit()))  # expect: TC108


async def consume(q: asyncio.Queue, n: int) -> list[float]:
    totals = []
    for _ in range(n - 1):
        out, pending = await q.get()
        pending.wait()
        totals.append(float(out.to_numpy().sum()))
    return totals


async def main() -> None:
    q: asyncio.Queue = asyncio.Queue()
    _, totals = await asyncio.gather(produce(q, 3), consume(q, 3))
    print(totals)


asyncio.run(main())
