"""An asyncio pipeline that prepares every layer's norm output concurrently with
asyncio.gather; one coroutine submits its op and returns without awaiting the Pending."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

LAYERS, SEQ, HIDDEN = 3, 4, 64
rng = np.random.default_rng(43)
xs = [tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32)) for _ in range(LAYERS)]
weights = [tr.ones((HIDDEN,)) for _ in range(LAYERS)]
outs = [tr.empty((SEQ, HIDDEN), name=f"normed{i}") for i in range(LAYERS)]


async def norm_layer(i: int) -> int:
    if i == LAYERS - 1:
        tk.rmsnorm(outs[i], xs[i], weights[i]).submit()  # expect: TC108
        return i
    await tk.rmsnorm(outs[i], xs[i], weights[i])
    return i


async def main() -> list[int]:
    return await asyncio.gather(*(norm_layer(i) for i in range(LAYERS)))


print(asyncio.run(main()))  # expect-also: TC108
