from __future__ import annotations

import asyncio

from llmrun.kernels import scale

import tilert as tr


async def warm(cache: tr.Tensor) -> None:
    scale(cache.partition((16,)), 1.0).submit()  # expect: TC108
    await asyncio.sleep(0)


async def main() -> None:
    cache = tr.ones((64,))
    await warm(cache)  # expect-also
    await scale(cache.partition((16,)), 2.0)
    print(cache.to_numpy()[0])


asyncio.run(main())
