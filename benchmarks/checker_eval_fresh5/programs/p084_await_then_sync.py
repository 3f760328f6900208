"""An op awaited in a coroutine and then synced again 'to be safe'."""

from __future__ import annotations

import asyncio

from llmdeck.kernels import scale

import tilert as tr

N = 64


async def step(y: tr.Tensor, x: tr.Tensor) -> None:
    op = scale(y.partition((16,)), x, 2.0)
    await op
    op.sync()  # expect: TC110


asyncio.run(step(tr.zeros((N,)), tr.arange(N)))  # expect-also
