"""An async handler submits a cache write and returns without awaiting it (fire and forget)."""

from __future__ import annotations

import asyncio

from llmkit.kernels import copy

import tilert as tr


async def write_cache(cache: tr.Tensor, new: tr.Tensor) -> None:
    copy(cache.partition((64,)), new).submit()  # expect: TC108
    await asyncio.sleep(0)


async def handler() -> None:
    cache = tr.zeros((256,))
    await write_cache(cache, tr.ones((256,)))


def main() -> None:
    asyncio.run(handler())


if __name__ == "__main__":
    main()
