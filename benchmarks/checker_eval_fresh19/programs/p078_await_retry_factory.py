"""An async retry helper takes a factory and awaits a fresh op on each attempt."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


async def with_retry(make: Callable[[], tr.Op], attempts: int) -> None:
    for _ in range(attempts):
        await make()


async def main() -> float:
    out = tr.zeros(64)
    x = upload(np.ones(64))
    await with_retry(lambda: K.scale(tiles(out), x, 2.0), 2)
    return float(out.to_numpy().sum())


assert asyncio.run(main()) == 128.0
print("ok")
