"""An async generator yielding (step, buffer, pending); the consumer awaits each before reading."""

import asyncio
from collections.abc import AsyncIterator

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


async def decode(x: tr.Tensor, steps: int) -> AsyncIterator[tuple[int, tr.Tensor, tr.Pending]]:
    for s in range(steps):
        out = tr.zeros(x.shape[0])
        yield s, out, K.scale(tiles(out), x, float(s)).submit()


async def main() -> None:
    async for s, out, pending in decode(tr.arange(128), 3):
        await pending
        assert float(out.to_numpy()[1]) == s


asyncio.run(main())
