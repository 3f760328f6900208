"""An async server admitting at most two requests at a time with `asyncio.Semaphore`; each
request awaits its own op inside the semaphore before reading its output."""

import asyncio

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


async def handle(sem: asyncio.Semaphore, rid: int, x: tr.Tensor) -> float:
    async with sem:
        out = tr.zeros((16,), name=f"req{rid}")
        pend = K.scale(tiles(out), x, float(rid)).submit()
        await asyncio.sleep(0)
        await pend
        return float(out.to_numpy().sum())


async def main() -> list[float]:
    sem = asyncio.Semaphore(2)
    x = tr.ones((16,))
    return await asyncio.gather(*(handle(sem, rid, x) for rid in range(4)))


assert asyncio.run(main()) == [0.0, 16.0, 32.0, 48.0]
