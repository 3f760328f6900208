"""Tasks return the Pendings of their prefetches; the gathered results are never waited."""

from __future__ import annotations

import asyncio

from llmdeck.kernels import copy

import tilert as tr

N = 64


async def prefetch(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    stream = tr.Stream()
    return copy(dst.partition((16,)), src).submit(stream)  # expect: TC108


async def main() -> None:
    srcs = [tr.full((N,), float(i)) for i in range(3)]
    dsts = [tr.zeros((N,)) for _ in srcs]
    pendings = await asyncio.gather(*map(prefetch, dsts, srcs))  # expect-also
    print(len(pendings), "prefetches started")


asyncio.run(main())
