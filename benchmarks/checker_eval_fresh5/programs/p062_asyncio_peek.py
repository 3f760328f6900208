"""A request handler yields to the loop after submitting and then peeks at the output."""

from __future__ import annotations

import asyncio

from llmdeck.kernels import scale

import tilert as tr

N = 64


async def handle(x: tr.Tensor) -> float:
    out = tr.zeros((N,))
    pending = scale(out.partition((16,)), x, 2.0).submit()
    await asyncio.sleep(0)
    head = float(out.to_numpy()[0])  # expect: TC102
    await pending
    return head


async def main() -> None:
    print(await handle(tr.ones((N,))))  # expect-also


asyncio.run(main())
