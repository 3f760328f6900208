"""A continuous-batching server with asyncio: free slots in a heap, each request runs on its
own stream and awaits its op, and returns its slot afterwards."""

from __future__ import annotations

import asyncio
import heapq

import numpy as np
from llmforge import kernels as k

import tilert as tr

SLOTS, W = 2, 32


class Server:
    def __init__(self) -> None:
        self.free = list(range(SLOTS))
        heapq.heapify(self.free)
        self.bufs = [tr.zeros((W,)) for _ in range(SLOTS)]
        self.cond = asyncio.Condition()

    async def acquire(self) -> int:
        async with self.cond:
            await self.cond.wait_for(lambda: bool(self.free))
            return heapq.heappop(self.free)

    async def release(self, slot: int) -> None:
        async with self.cond:
            heapq.heappush(self.free, slot)
            self.cond.notify()

    async def handle(self, rid: int) -> float:
        slot = await self.acquire()
        try:
            with tr.Stream():
                prompt = tr.from_numpy(np.full(W, float(rid), np.float32))
                await k.scale(self.bufs[slot].partition((16,)), prompt, 2.0)
            return float(self.bufs[slot].to_numpy()[0])
        finally:
            await self.release(slot)


async def main() -> list[float]:
    server = Server()
    return await asyncio.gather(*(server.handle(r) for r in range(5)))


out = asyncio.run(main())
assert out == [2.0 * r for r in range(5)], out
print(out)
