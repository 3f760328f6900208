"""Q, K and V projections submitted together from a coroutine; one is never awaited."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

T, D = 16, 32
rng = np.random.default_rng(2)


async def qkv(x: tr.Tensor, weights: dict[str, tr.Tensor]) -> dict[str, tr.Tensor]:
    outs = {name: tr.empty((T, D)) for name in weights}
    pend = {n: tk.gemm(outs[n], x, w).submit() for n, w in weights.items()}  # expect: TC108
    await pend["q"]
    await pend["k"]
    return {"q": outs["q"], "k": outs["k"]}


ws = {n: tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32)) for n in ("q", "k", "v")}
res = asyncio.run(qkv(tr.from_numpy(np.ones((T, D), dtype=np.float32)), ws))
print(sorted(res))
