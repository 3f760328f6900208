"""Two tasks meet at an asyncio.Barrier after awaiting their own ops, then read each other's."""

import asyncio

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


async def shard(i: int, outs: list[tr.Tensor], x: tr.Tensor, barrier: asyncio.Barrier) -> float:
    await K.scale(tiles(outs[i]), x, float(i + 1))
    await barrier.wait()
    return float(outs[1 - i].to_numpy()[1])


async def main() -> None:
    x = upload(np.arange(16))
    outs = [tr.zeros((16,)), tr.zeros((16,))]
    barrier = asyncio.Barrier(2)
    seen = await asyncio.gather(*(shard(i, outs, x, barrier) for i in range(2)))
    assert seen == [2.0, 1.0], seen


asyncio.run(main())
