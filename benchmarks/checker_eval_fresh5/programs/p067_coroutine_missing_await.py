"""A coroutine meant to await a reset of its accumulator; the await was left out."""

from __future__ import annotations

import asyncio

from llmdeck.kernels import accumulate, fill

import tilert as tr

N = 64


async def reset_then_add(acc: tr.Tensor, x: tr.Tensor) -> None:
    fill(acc.partition((16,)), 0.0)  # expect: TC105
    await accumulate(acc.partition((16,)), x)


async def main() -> None:
    acc = tr.ones((N,))
    await reset_then_add(acc, tr.ones((N,)))  # expect-also
    print(acc.to_numpy()[:4])


asyncio.run(main())
