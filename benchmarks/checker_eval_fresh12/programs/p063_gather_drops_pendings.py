"""Coroutines that submit and return Pendings; the gather's results are thrown away."""

import asyncio

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


async def fetch(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    await asyncio.sleep(0)
    return K.copy(tiles(dst), src).submit()  # expect: TC108


async def main() -> None:
    srcs = [tr.full((128,), float(i)) for i in range(2)]
    dsts = [tr.zeros((128,)) for _ in range(2)]
    await asyncio.gather(*(fetch(d, s) for d, s in zip(dsts, srcs, strict=True)))  # expect-also
    print("prefetch issued")


asyncio.run(main())
