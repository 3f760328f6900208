"""An asyncio worker that starts a cache refresh and never waits for it."""

import asyncio

from llmreef import fill

import tilert as tr


async def refresh(cache: tr.Tensor, value: float) -> None:
    fill(cache.partition((256,)), value).submit()  # expect: TC108
    await asyncio.sleep(0)


async def main() -> None:
    cache = tr.zeros((1024,), name="cache")
    await refresh(cache, 1.0)  # expect-also: TC108
    await asyncio.sleep(0)
    print("refreshed")


asyncio.run(main())  # expect-also: TC108
