"""An asyncio server that schedules a cache reset task, then serves a health check."""

import asyncio

from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr


async def reset(cache: tr.Tensor) -> None:
    await K.fill(tiles(cache), 0.0)


async def health(cache: tr.Tensor) -> dict[str, float]:
    return {"cache_mean": float(cache.to_numpy().mean())}


async def main() -> None:
    cache = tr.ones((256,), name="prefix_cache")
    job = asyncio.create_task(reset(cache))  # the partition is made when the task runs
    before = await health(cache)
    await job
    after = await health(cache)
    assert before == {"cache_mean": 1.0} and after == {"cache_mean": 0.0}


asyncio.run(main())
