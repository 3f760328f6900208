"""A coroutine hands the host-side top-k to run_in_executor while the logits are in flight."""

import asyncio

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def top_k(logits: tr.Tensor, k: int) -> list[int]:
    return np.argsort(logits.to_numpy())[-k:].tolist()  # expect: TC102


async def main() -> None:
    logits = tr.zeros((16,))
    pending = K.scale(tiles(logits), upload(np.arange(16)), 0.5).submit()
    loop = asyncio.get_running_loop()
    best = await loop.run_in_executor(None, top_k, logits, 3)  # expect-also
    await pending
    print(best)


asyncio.run(main())
