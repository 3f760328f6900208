"""A coroutine awaits the logits, then hands the host-side top-k to run_in_executor."""

import asyncio

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def top_k(logits: tr.Tensor, k: int) -> list[int]:
    return np.argsort(logits.to_numpy())[-k:].tolist()


async def main() -> None:
    logits = tr.zeros((16,))
    pending = K.scale(tiles(logits), upload(np.arange(16)), 0.5).submit()
    await pending
    loop = asyncio.get_running_loop()
    best = await loop.run_in_executor(None, top_k, logits, 3)
    assert best == [13, 14, 15]


asyncio.run(main())
