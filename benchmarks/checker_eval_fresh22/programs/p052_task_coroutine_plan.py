"""An asyncio server that schedules a cache reset task, then serves a health check."""

import asyncio

from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr


async def reset(plan: tr.Partition) -> None:
    await K.fill(plan, 0.0)


async def health(cache: tr.Tensor) -> dict[str, float]:
    return {"cache_mean": float(cache.to_numpy().mean())}  # expect: TC104


async def main() -> None:
    cache = tr.ones((256,), name="prefix_cache")
    job = asyncio.create_task(reset(tiles(cache)))
    status = await health(cache)  # expect-also
    await job
    print(status)


asyncio.run(main())
