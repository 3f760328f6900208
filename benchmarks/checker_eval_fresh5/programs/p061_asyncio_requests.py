"""Serving: one asyncio task per request, each on a stream of its own, awaiting its ops."""

from __future__ import annotations

import asyncio

import numpy as np
from llmdeck.kernels import add, scale

import tilert as tr

N = 64


async def serve(rid: int, x: tr.Tensor) -> float:
    h = tr.zeros((N,))
    out = tr.zeros((N,))
    with tr.Stream():
        await scale(h.partition((16,)), x, float(rid))
        pending = add(out.partition((16,)), h, x).submit()
        await pending
    return float(out.to_numpy()[1])


async def main() -> list[float]:
    x = tr.ones((N,))
    return list(await asyncio.gather(*(serve(r, x) for r in range(4))))


got = asyncio.run(main())
assert np.allclose(got, [1.0, 2.0, 3.0, 4.0])
