"""An async retry helper awaits the same op on each attempt."""

from __future__ import annotations

import asyncio

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


async def with_retry(op: tr.Op, attempts: int) -> None:
    for _ in range(attempts):
        await op  # expect: TC110


async def main() -> None:
    out = tr.zeros(64)
    await with_retry(K.scale(tiles(out), upload(np.ones(64)), 2.0), 2)  # expect-also


asyncio.run(main())
