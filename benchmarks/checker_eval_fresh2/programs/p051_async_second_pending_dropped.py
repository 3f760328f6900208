"""An async handler launches the answer and a cache refresh, and awaits only the answer."""

from __future__ import annotations

import asyncio

from llmserve.kernels import copy, fill

import tilert as tr

N = 256


async def handle(cache: tr.Tensor, x: tr.Tensor) -> float:
    out = tr.empty((N,))
    answer = copy(out.partition((64,)), x).submit()
    refresh = fill(cache.partition((64,)), 0.0).submit()  # expect: TC108
    await answer
    del refresh
    return float(out.to_numpy()[0])


def main() -> None:
    cache = tr.ones((N,))
    print(asyncio.run(handle(cache, tr.full((N,), 7.0))))


if __name__ == "__main__":
    main()
