"""Coroutines that submit and return Pendings; the gather's results are each awaited."""

import asyncio

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


async def fetch(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    await asyncio.sleep(0)
    return K.copy(tiles(dst), src).submit()


async def main() -> None:
    srcs = [tr.full((128,), float(i)) for i in range(2)]
    dsts = [tr.zeros((128,)) for _ in range(2)]
    pendings = await asyncio.gather(*(fetch(d, s) for d, s in zip(dsts, srcs, strict=True)))
    for p in pendings:
        await p
    assert [float(d.to_numpy()[0]) for d in dsts] == [0.0, 1.0]


asyncio.run(main())
