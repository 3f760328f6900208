"""A cache manager whose reset() runs the health check, then schedules an async zeroing coroutine
with the cache's plan via asyncio.create_task and awaits it."""

from __future__ import annotations

import asyncio

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


async def zero_fill(part: tr.Partition) -> None:
    await K.fill(part, 0.0)


class CacheManager:
    def __init__(self) -> None:
        self.cache = upload(np.full(N, 3.0), name="cache")

    def health(self) -> bool:
        return bool(np.isfinite(self.cache.to_numpy()).all())

    async def reset(self) -> bool:
        healthy = self.health()
        task = asyncio.create_task(zero_fill(tiles(self.cache)))
        await task
        return healthy


if __name__ == "__main__":
    print(asyncio.run(CacheManager().reset()))
