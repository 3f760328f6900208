"""Async request handlers: each normalizes its input, and a background task warms a cache."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 128


async def warm_cache(cache: tr.Tensor, src: tr.Tensor) -> None:
    tk.softmax(cache, src).submit()  # expect: TC108
    await asyncio.sleep(0)


async def handle(x: tr.Tensor, w: tr.Tensor) -> float:
    out = tr.empty(x.shape)
    await tk.rmsnorm(out, x, w)
    return float(np.asarray(out.to_numpy()).std())


async def main() -> None:
    rng = np.random.default_rng(35)
    w = tr.ones((D,))
    xs = [tr.from_numpy(rng.standard_normal((2, D)).astype(np.float32)) for _ in range(3)]
    cache = tr.empty((2, D))
    results = await asyncio.gather(warm_cache(cache, xs[0]), *(handle(x, w) for x in xs))
    print(results[1:])


asyncio.run(main())
