"""A cache manager whose reset() schedules an async zeroing coroutine with the cache's plan via
asyncio.create_task, then runs a health check that reads the cache before yielding."""

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
        return bool(np.isfinite(self.cache.to_numpy()).all())  # expect: TC104

    async def reset(self) -> bool:
        task = asyncio.create_task(zero_fill(tiles(self.cache)))
        healthy = self.health()  # expect-also
        await task
        return healthy


if __name__ == "__main__":
    print(asyncio.run(CacheManager().reset()))
