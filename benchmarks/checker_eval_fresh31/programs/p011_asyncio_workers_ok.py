"""Several request handlers running as asyncio tasks, each with its own buffers."""

import asyncio

import numpy as np
from llmforge import add, scale

import tilert as tr


async def handle(request_id: int, n: int = 512) -> float:
    x = tr.from_numpy(np.full(n, float(request_id), dtype=np.float32))
    h = tr.empty((n,))
    out = tr.empty((n,))
    pending = scale(h.partition((128,)), x, 2.0).submit()
    await asyncio.sleep(0)  # let the other requests launch
    await pending
    await add(out.partition((128,)), h, x)
    return float(out.to_numpy().sum())


async def main() -> None:
    results = await asyncio.gather(*(handle(i) for i in range(4)))
    print("results:", results)


asyncio.run(main())
